import type { ReactNode } from 'react';
import { FORM_TOKEN_FIELD } from '../http/form-guard';
import { renderServicePage } from '../service-page';

const STYLE = `
*{box-sizing:border-box}body{margin:0;background:#f2f5fa;color:#1d2129;font:15px/1.6 "PingFang SC","Microsoft YaHei","Noto Sans CJK SC",system-ui,sans-serif}
header{display:flex;align-items:center;justify-content:space-between;gap:16px;padding:14px 24px;background:#1d2129;color:#fff;font-weight:600}
.sign-out button{margin:0;min-height:44px;padding:6px 16px;background:transparent;border:1px solid #fff;font-weight:400}main{max-width:720px;margin:32px auto;padding:32px;background:#fff;border-radius:8px}
h1{margin-top:0;font-size:22px}dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}dt{color:#4e5969}dd{margin:0}
label{display:block;margin:16px 0 6px;font-weight:600}input{width:100%;padding:10px 12px;border:1px solid #c9cdd4;border-radius:4px;font:inherit}
button,.button{display:inline-block;margin-top:24px;padding:10px 24px;border:0;border-radius:4px;background:#1664ff;color:#fff;font:inherit;text-decoration:none;cursor:pointer}
:focus-visible{outline:2px solid #1664ff;outline-offset:2px}.notice{padding:8px 12px;border-radius:4px;background:#e8f3ff}.error{padding:8px 12px;border-radius:4px;background:#fdecee;color:#b42318}
@media (max-width:767px){main{margin:16px;padding:24px 16px}}`;

/** What the page tells the account service's hub: the sign-in to share, or that it ended. */
export type HubCommand =
  | { type: 'set'; tokens: { accessToken: string; refreshToken: string; expiresAt: number } }
  | { type: 'clear' };

export interface ConsolePageOptions {
  /** Signed in: the header has a sign-out button. */
  signedIn?: boolean;
  /** A command for the hub (`hubUrl`), sent once it is loaded; then `<html data-hub="shared|cleared">`. */
  hub?: { url: string; command: HubCommand };
}

/**
 * The portal keeps its sign-in in the account service's hub frame (README,
 * "Where tokens are kept"): the console tells the hub about its own sign-in and
 * sign-out there, so the portal follows, open pages included.
 */
function hubScript(url: string, command: HubCommand): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `(() => {
const HUB = ${json(url)};
const ORIGIN = new URL(HUB).origin;
const command = ${json(command)};
const frame = document.createElement('iframe');
frame.hidden = true;
frame.title = 'sign-in sync';
frame.src = HUB;
const onMessage = (event) => {
  const m = event.data;
  if (event.origin !== ORIGIN || event.source !== frame.contentWindow || !m || m.source !== 'guc-hub') return;
  if (m.type === 'ready') frame.contentWindow.postMessage({ source: 'guc-client', id: 1, ...command }, ORIGIN);
  else if (m.type === 'result' && m.id === 1) {
    removeEventListener('message', onMessage);
    document.documentElement.dataset.hub = command.type === 'set' ? 'shared' : 'cleared';
  }
};
addEventListener('message', onMessage);
document.body.append(frame);
})();`;
}

export function renderConsolePage(
  nonce: string,
  title: string,
  body: ReactNode,
  { signedIn = false, hub }: ConsolePageOptions = {},
): string {
  return renderServicePage({
    nonce,
    title: `${title} - 智造云控制台`,
    style: STYLE,
    children: (
      <>
        <header>
          智造云控制台（本地）
          {signedIn && (
            <form method="post" action="/logout" className="sign-out">
              <button type="submit">退出登录</button>
            </form>
          )}
        </header>
        <main>
          <h1>{title}</h1>
          {body}
        </main>
        {hub && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: hubScript(hub.url, hub.command) }} />}
      </>
    ),
  });
}

export interface ConsoleUser {
  name: string;
  username: string;
  companyId: number | null;
  companyName: string | null;
  certified: boolean;
  adminName: string | null;
}

export function welcomeBody(user: ConsoleUser) {
  return (
    <>
      <p>欢迎回来，{user.name}。</p>
      <dl>
        <dt>账号</dt>
        <dd>{user.username}</dd>
        <dt>企业</dt>
        <dd>{user.companyName ?? '未加入企业'}</dd>
        <dt>企业认证</dt>
        <dd>{user.certified ? '已认证' : '未认证'}</dd>
        <dt>企业管理员</dt>
        <dd>{user.adminName ?? '未设置'}</dd>
      </dl>
      <p>
        {!user.certified && user.companyId !== null && (
          <a className="button" href={`/company/enterprise?companyid=${user.companyId}`}>
            去认证企业
          </a>
        )}{' '}
        {!user.adminName && user.companyId !== null && (
          <a className="button" href={`/company/manager-setting?companyId=${user.companyId}`}>
            去设置管理员
          </a>
        )}
      </p>
    </>
  );
}

export function managerSettingBody(props: {
  companyName: string;
  companyId: number;
  userName: string;
  /** The company is certified: this is the last step before ordering. */
  certified: boolean;
  redirectUrl?: string;
  /** Where 稍后设置 leads: the way back, or the welcome page. */
  later: string;
  error?: string;
  /** The form's CSRF token. */
  csrf: string;
}) {
  return (
    <form method="post">
      <input type="hidden" name={FORM_TOKEN_FIELD} value={props.csrf} />
      <p className="notice" role="status">
        企业「{props.companyName}」{props.certified ? '已完成认证，但' : ''}
        尚未设置管理员。设置后，管理员可以为企业订购产品并管理订单。
      </p>
      <input type="hidden" name="companyId" value={String(props.companyId)} />
      {props.redirectUrl && <input type="hidden" name="redirectUrl" value={props.redirectUrl} />}
      <p>将当前账号（{props.userName}）设为企业管理员。</p>
      {props.error && (
        <p className="error" role="alert">
          {props.error}
        </p>
      )}
      <button type="submit">设为管理员</button>{' '}
      <a className="button" href={props.later}>
        稍后设置
      </a>
    </form>
  );
}

export function enterpriseBody(props: {
  companyName: string;
  companyId: number;
  /** No administrator yet: the administrator page follows, in this same visit. */
  administratorNext: boolean;
  redirectUrl?: string;
  error?: string;
  values?: Record<string, string>;
  /** The form's CSRF token. */
  csrf: string;
}) {
  return (
    <form method="post">
      <input type="hidden" name={FORM_TOKEN_FIELD} value={props.csrf} />
      <p className="notice">
        {props.administratorNext
          ? '第 1 步（共 2 步）：提交认证后，接着设置企业管理员，之后即可在门户订购产品。'
          : '完成企业认证后即可在门户订购产品。'}
      </p>
      <input type="hidden" name="companyId" value={String(props.companyId)} />
      {props.redirectUrl && <input type="hidden" name="redirectUrl" value={props.redirectUrl} />}
      <label htmlFor="name">企业名称</label>
      <input id="name" name="name" required maxLength={64} value={props.values?.name ?? props.companyName} />
      <label htmlFor="creditCode">统一社会信用代码</label>
      <input
        id="creditCode"
        name="creditCode"
        required
        pattern="[0-9A-HJ-NPQRTUWXY]{18}"
        maxLength={18}
        value={props.values?.creditCode ?? ''}
      />
      <label htmlFor="legalPerson">法定代表人</label>
      <input id="legalPerson" name="legalPerson" required maxLength={32} value={props.values?.legalPerson ?? ''} />
      {props.error && (
        <p className="error" role="alert">
          {props.error}
        </p>
      )}
      <button type="submit">提交认证</button>
    </form>
  );
}

export function signedOutBody(portal: string) {
  return (
    <>
      <p className="notice" role="status">
        您已退出登录，门户和控制台均已退出。
      </p>
      <a className="button" href="/welcome">
        重新登录
      </a>{' '}
      <a className="button" href={portal}>
        返回门户
      </a>
    </>
  );
}

export function doneBody(message: string, next: string) {
  return (
    <>
      <p className="notice" role="status">
        {message}
      </p>
      <a className="button" href={next}>
        返回
      </a>
    </>
  );
}
