import type { ReactNode } from 'react';
import { renderServicePage } from '../service-page';

const STYLE = `
*{box-sizing:border-box}body{margin:0;background:#f2f5fa;color:#1d2129;font:15px/1.6 "PingFang SC","Microsoft YaHei","Noto Sans CJK SC",system-ui,sans-serif}
header{display:flex;align-items:center;justify-content:space-between;padding:10px 24px;background:#1d2129;color:#fff;font-weight:600}
header form{margin:0}header button{margin:0;background:transparent;border:1px solid #fff;padding:4px 12px}
main{max-width:420px;margin:48px auto;padding:32px;background:#fff;border-radius:8px}main.inbox{max-width:none;margin:0;padding:0;background:none}
h1{margin-top:0;font-size:22px}label{display:block;margin:16px 0 6px;font-weight:600}
input{width:100%;padding:10px 12px;border:1px solid #c9cdd4;border-radius:4px;font:inherit}
button{display:inline-block;margin-top:24px;padding:10px 24px;border:0;border-radius:4px;background:#1664ff;color:#fff;font:inherit;cursor:pointer}
:focus-visible{outline:2px solid #1664ff;outline-offset:2px}.error{padding:8px 12px;border-radius:4px;background:#fdecee;color:#b42318}`;

const page = (nonce: string, title: string, body: ReactNode, head?: ReactNode) =>
  renderServicePage({ nonce, title: `${title} - 在线客服`, style: STYLE, icon: '/favicon.svg', head, children: body });

export function renderAgentSignIn(nonce: string, error?: string): string {
  return page(
    nonce,
    '客服登录',
    <main id="main">
      <h1>客服工作台登录</h1>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <form method="post" action="/chat/agent/login">
        <label htmlFor="password">客服密码</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required maxLength={200} />
        <button type="submit">登录</button>
      </form>
    </main>,
  );
}

/** The inbox's shell; `/widgets/chat-agent.js` fills it and keeps it live. */
export function renderAgentInbox(nonce: string): string {
  return page(
    nonce,
    '客服工作台',
    <>
      <header>
        <span>智造云在线客服 · 工作台</span>
        <form method="post" action="/chat/agent/logout">
          <button type="submit">退出</button>
        </form>
      </header>
      <main id="main" className="inbox">
        <div id="inbox" />
      </main>
    </>,
    <script type="module" src="/widgets/chat-agent.js" nonce={nonce} />,
  );
}
