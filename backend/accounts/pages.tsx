import { FORM_TOKEN_FIELD } from '../http/form-guard';
import { renderServicePage } from '../service-page';

/** The demo accounts a `local` sign-in page lists (all share one password). */
export interface DemoAccount {
  username: string;
  description: string;
}

export interface SignInPageProps {
  nonce: string;
  appId: string;
  redirectUri: string;
  pageType?: string;
  state?: string;
  /** The sign-in's PKCE challenge (S256), carried to the code it makes. */
  codeChallenge?: string;
  /** The form's CSRF token (backend/http/form-guard.ts). */
  csrf: string;
  username?: string;
  error?: string;
  demoAccounts?: DemoAccount[];
  demoPassword?: string;
  /**
   * The sign-in found in this service's storage was not taken: `ended` (signed
   * out, expired: the page forgets it) or `elsewhere` (another application's).
   * Either way the form is shown, not sent again.
   */
  existingRefused?: 'ended' | 'elsewhere';
}

/** Where the hub frame keeps the shared sign-in, in this service's own storage. */
export const HUB_STORAGE_KEY = 'guc.hub.tokens';

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f2f5fa;color:#1d2129;
font:15px/1.6 "PingFang SC","Microsoft YaHei","Noto Sans CJK SC",system-ui,sans-serif}
main{width:min(420px,calc(100vw - 32px));padding:32px;background:#fff;border-radius:8px;box-shadow:0 8px 32px rgb(0 0 0/.08)}
h1{margin:0 0 4px;font-size:22px}p.lead{margin:0 0 24px;color:#4e5969}label{display:block;margin:16px 0 6px;font-weight:600}
input{width:100%;padding:10px 12px;border:1px solid #c9cdd4;border-radius:4px;font:inherit}
input:focus-visible,button:focus-visible{outline:2px solid #1664ff;outline-offset:2px}
button{width:100%;margin-top:24px;padding:10px;border:0;border-radius:4px;background:#1664ff;color:#fff;font:inherit;cursor:pointer}
.error{margin:16px 0 0;padding:8px 12px;border-radius:4px;background:#fdecee;color:#b42318}
.demo{margin-top:24px;padding:12px 16px;border-radius:4px;background:#f7f8fa;font-size:14px}.demo h2{margin:0 0 8px;font-size:14px}
.demo ul{margin:0;padding-left:18px}code{font-family:ui-monospace,monospace}`;

/** The fields that carry the sign-in request through a post (the form's and the existing sign-in's). */
function RequestFields(props: SignInPageProps) {
  return (
    <>
      <input type="hidden" name="appId" value={props.appId} />
      <input type="hidden" name="redirectUri" value={props.redirectUri} />
      {props.pageType && <input type="hidden" name="page_type" value={props.pageType} />}
      {props.state && <input type="hidden" name="state" value={props.state} />}
      {props.codeChallenge && (
        <>
          <input type="hidden" name="code_challenge" value={props.codeChallenge} />
          <input type="hidden" name="code_challenge_method" value="S256" />
        </>
      )}
      <input type="hidden" name={FORM_TOKEN_FIELD} value={props.csrf} />
    </>
  );
}

/**
 * One sign-in for every application (issue #19): a browser already signed in on
 * the portal or the console keeps that sign-in in this service's storage (the hub
 * frame's). The page then sends it, instead of a password, from this origin with
 * the form's CSRF token, and the service answers with a code of the same sign-in.
 * Without scripts, or without a sign-in, the form is shown.
 */
function existingSignInScript(refused: SignInPageProps['existingRefused']): string {
  return `(() => {
const KEY = ${JSON.stringify(HUB_STORAGE_KEY)};
let tokens = null;
try { tokens = JSON.parse(localStorage.getItem(KEY) || 'null'); } catch {}
if (!tokens || typeof tokens.accessToken !== 'string') return;
if (${JSON.stringify(refused ?? null)} === 'ended') { try { localStorage.removeItem(KEY); } catch {} return; }
if (${JSON.stringify(refused ?? null)} || !(tokens.expiresAt > Date.now())) return;
document.documentElement.dataset.signIn = 'existing';
addEventListener('DOMContentLoaded', () => {
  const form = document.getElementById('existing-sign-in');
  form.querySelector('[name=session]').value = tokens.accessToken;
  form.submit();
});
})();`;
}

/**
 * The password form posted by script: the service answers where to go (JSON),
 * and the page gives its place in the history to that address, so after signing
 * in one Back leaves to where the visitor was, not to this form (the
 * portal itself left for it with `location.replace`). A refusal is the form again,
 * put in place of this one, with focus on the password. Without an answer, or
 * without scripts, the browser posts the form itself (and is redirected, 303).
 */
const SUBMIT_IN_PLACE_SCRIPT = `addEventListener('submit', async (event) => {
const form = event.target;
if (!(form instanceof HTMLFormElement) || form.id === 'existing-sign-in') return;
event.preventDefault();
const button = form.querySelector('button');
if (button) button.disabled = true;
let answer;
try {
  answer = await fetch(form.action, { method: 'POST', body: new URLSearchParams(new FormData(form)), headers: { Accept: 'application/json' }, credentials: 'same-origin' });
} catch {
  return form.submit();
}
if (answer.ok && (answer.headers.get('Content-Type') || '').includes('json')) {
  const body = await answer.json().catch(() => null);
  if (body && body.result && body.result.location) return location.replace(body.result.location);
}
const page = new DOMParser().parseFromString(await answer.text(), 'text/html');
const main = page.querySelector('main');
if (main) document.querySelector('main').replaceWith(document.adoptNode(main));
else {
  const error = document.createElement('p');
  error.className = 'error';
  error.setAttribute('role', 'alert');
  error.textContent = page.body.textContent.trim() || '登录失败，请重试';
  form.append(error);
  if (button) button.disabled = false;
}
const password = document.getElementById('password');
if (password) password.focus();
});`;

/** The sign-in form, with the demo accounts in `local`. */
function SignInMain(props: SignInPageProps) {
  return (
    <main>
      <form method="post" action="/api/guc/protocol/oauth2/auth" id="existing-sign-in" hidden>
        <RequestFields {...props} />
        <input type="hidden" name="session" value="" />
      </form>
      <h1>登录智造云</h1>
      <p className="lead">使用统一账号登录门户与控制台</p>
      <form method="post" action="/api/guc/protocol/oauth2/auth" noValidate={false}>
        <RequestFields {...props} />
        <label htmlFor="username">账号</label>
        <input
          id="username"
          name="username"
          autoComplete="username"
          required
          maxLength={64}
          value={props.username ?? ''}
        />
        <label htmlFor="password">密码</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required maxLength={128} />
        {props.error && (
          <p className="error" role="alert">
            {props.error}
          </p>
        )}
        <button type="submit">登录</button>
      </form>
      {props.demoAccounts && (
        <section className="demo" aria-labelledby="demo-title">
          <h2 id="demo-title">
            本地演示账号（密码均为 <code>{props.demoPassword}</code>）
          </h2>
          <ul>
            {props.demoAccounts.map((account) => (
              <li key={account.username}>
                <code>{account.username}</code>：{account.description}
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

export function renderSignInPage(props: SignInPageProps): string {
  return renderServicePage({
    nonce: props.nonce,
    title: '登录 - 智造云统一账号',
    style: STYLE,
    head: (
      <>
        <script nonce={props.nonce} dangerouslySetInnerHTML={{ __html: existingSignInScript(props.existingRefused) }} />
        <script nonce={props.nonce} dangerouslySetInnerHTML={{ __html: SUBMIT_IN_PLACE_SCRIPT }} />
      </>
    ),
    children: <SignInMain {...props} />,
  });
}

/** A plain error page of the account service (bad sign-in request). */
export function renderAccountError(nonce: string, message: string): string {
  return renderServicePage({
    nonce,
    title: '无法登录 - 智造云统一账号',
    style: STYLE,
    children: (
      <main>
        <h1>无法继续登录</h1>
        <p className="error" role="alert">
          {message}
        </p>
      </main>
    ),
  });
}

/**
 * The token hub frame: keeps one sign-in in this service's storage for every
 * origin registered for the app. It answers only registered origins, and tells
 * its page about sign-ins and sign-outs made elsewhere.
 */
export function renderHubPage(nonce: string, origins: string[]): string {
  const allowed = JSON.stringify(origins).replace(/</g, '\\u003c');
  const script = `
const ORIGINS = ${allowed};
const KEY = ${JSON.stringify(HUB_STORAGE_KEY)};
let pageOrigin = null;
const read = () => { try { return JSON.parse(localStorage.getItem(KEY) || 'null'); } catch { return null; } };
addEventListener('message', (event) => {
  const m = event.data;
  if (event.source !== parent || !ORIGINS.includes(event.origin) || !m || m.source !== 'guc-client') return;
  pageOrigin = event.origin;
  try {
    if (m.type === 'set') localStorage.setItem(KEY, JSON.stringify(m.tokens));
    if (m.type === 'clear') localStorage.removeItem(KEY);
  } catch {}
  event.source.postMessage({ source: 'guc-hub', type: 'result', id: m.id, tokens: read() }, event.origin);
});
addEventListener('storage', (event) => {
  if (event.key === KEY && pageOrigin) parent.postMessage({ source: 'guc-hub', type: 'changed', tokens: read() }, pageOrigin);
});
parent.postMessage({ source: 'guc-hub', type: 'ready' }, '*');`;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>sign-in sync</title><script nonce="${nonce}">${script}</script></head></html>`;
}
