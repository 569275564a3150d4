import type { ReactNode } from 'react';
import { firstPage, INBOX_SEARCH_MAX, type InboxPage, type InboxQuery, inboxHref } from '../../contract/chat-inbox';
import { SEARCH_WORDS, sameAddressWords } from '../../contract/chat-inbox-words';
// The list's entry is the inbox script's own view, so the server's list and the live one cannot differ.
import { InboxEntryView } from '../../widgets/chat-agent/InboxEntryView';
import { InboxListHeadView } from '../../widgets/chat-agent/InboxListHeadView';
import { renderServicePage } from '../service-page';
import { INBOX_STYLE } from './agent-styles';
import { INBOX_SEARCH_STYLE } from './inbox-search-styles';

const STYLE = `
*{box-sizing:border-box}body{margin:0;background:#f2f5fa;color:#1d2129;font:15px/1.6 "PingFang SC","Microsoft YaHei","Noto Sans CJK SC",system-ui,sans-serif}
body>header{display:flex;align-items:center;justify-content:space-between;padding:10px 24px;background:#1d2129;color:#fff;font-weight:600}
body>header h1{margin:0;font-size:inherit}body>header form{margin:0}body>header button{margin:0;min-height:44px;background:transparent;border:1px solid #fff;padding:4px 12px}
main{max-width:420px;margin:48px auto;padding:32px;background:#fff;border-radius:8px}main.inbox-page{max-width:none;margin:0;padding:0;background:none}
h1{margin-top:0;font-size:22px}label{display:block;margin:16px 0 6px;font-weight:600}
input{width:100%;padding:10px 12px;border:1px solid #c9cdd4;border-radius:4px;font:inherit}
button{display:inline-block;margin-top:24px;padding:10px 24px;border:0;border-radius:4px;background:#1664ff;color:#fff;font:inherit;cursor:pointer}
:focus-visible{outline:2px solid #1664ff;outline-offset:2px}
body>header{flex-wrap:wrap;column-gap:16px}body>header .agent{display:flex;align-items:center;gap:12px;font-weight:400;white-space:nowrap}body>header a{display:inline-flex;align-items:center;min-height:44px;color:#fff}
.staff-sign-in{margin:24px 0 0}.staff-sign-in a{display:inline-flex;align-items:center;min-height:44px;color:#0e42d2}.error{padding:8px 12px;border-radius:4px;background:#fdecee;color:#b42318}.error:empty{padding:0}`;

const page = (nonce: string, title: string, body: ReactNode, options: { head?: ReactNode; style?: string } = {}) =>
  renderServicePage({
    nonce,
    title: `${title} - 在线客服`,
    style: STYLE + (options.style ?? ''),
    icon: '/favicon.svg',
    head: options.head,
    children: body,
  });

/**
 * The sign-in form; `back` is the inbox address it was asked at (say
 * `?open=7`), where signing in leads.
 */
export function renderAgentSignIn(
  nonce: string,
  error?: string,
  back = '',
  { passwordForm = true }: { passwordForm?: boolean } = {},
): string {
  const staffSignIn = `/studio/login?${new URLSearchParams({ back: `/chat/agent${back}` })}`;
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
      {passwordForm && (
        <form method="post" action="/chat/agent/login">
          {back && <input type="hidden" name="back" value={back} />}
          <label htmlFor="password">客服密码</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={200}
          />
          <button type="submit">登录</button>
        </form>
      )}
      <p className="staff-sign-in">
        <a href={staffSignIn}>{passwordForm ? '用员工账号登录' : '员工账号登录'}</a>
      </p>
    </main>,
  );
}

/**
 * The search and the filters: a form that works without scripts (the live list
 * applies it in place). The view (`show`) and an address's list are kept.
 */
function Search({ query }: { query: InboxQuery }) {
  return (
    <form className="search" method="get" action="/chat/agent">
      {query.show === 'unanswered' && <input type="hidden" name="show" value="unanswered" />}
      {query.address && <input type="hidden" name="address" value={query.address} />}
      <label htmlFor="inbox-search">{SEARCH_WORDS.label}</label>
      <input id="inbox-search" type="search" name="q" defaultValue={query.q} maxLength={INBOX_SEARCH_MAX} />
      <button type="submit">{SEARCH_WORDS.submit}</button>
      <label className="switch">
        <input type="checkbox" name="signed-in" value="1" defaultChecked={query.signedIn} /> {SEARCH_WORDS.signedIn}
      </label>
      <label className="switch">
        <input type="checkbox" name="card" value="1" defaultChecked={query.withCard} /> {SEARCH_WORDS.withCard}
      </label>
    </form>
  );
}

/**
 * The inbox with the page of conversations the query names, and links to the
 * other pages: it pages without scripts. `/widgets/chat-agent.js` takes it over
 * from the same data (opening, replying, live updates, paging in place).
 */
export function renderAgentInbox(
  nonce: string,
  query: InboxQuery,
  inbox: InboxPage,
  since: number,
  error?: string,
  agentName?: string,
): string {
  const scope = firstPage(query);
  // Inside a script element: no `<` may close it. `since`: the newest message when drawn,
  // where the script's live stream resumes (what came before is in the page already).
  const state = JSON.stringify({ query, page: inbox, since, error }).replace(/</g, '\\u003c');
  return page(
    nonce,
    '客服工作台',
    <>
      <header>
        <h1>智造云在线客服 · 工作台</h1>
        <div className="agent">
          <a href="/studio">内容工作室</a>
          {agentName && <span>{agentName}</span>}
          <form method="post" action="/chat/agent/logout">
            <button type="submit">退出</button>
          </form>
        </div>
      </header>
      <main id="main" className="inbox-page">
        <div id="inbox" className="inbox">
          <nav aria-label="会话列表" className="list">
            <InboxListHeadView
              query={query}
              inbox={inbox}
              link={(key, { next, text, rel, current }) => (
                <a key={key} rel={rel} href={inboxHref(next)} aria-current={current ? 'page' : undefined}>
                  {text}
                </a>
              )}
              search={<Search query={query} />}
              error={
                error && (
                  <p className="error" role="alert">
                    {error}
                  </p>
                )
              }
            />
            <ul>
              {inbox.conversations.map((c) => (
                <li key={c.id}>
                  <InboxEntryView conversation={c} href={inboxHref(query, c.id)} />
                  {/* Without scripts, a row standing for many leads to its address's own list. */}
                  {c.group && (
                    <a className="same-address" href={inboxHref({ ...scope, address: c.group.address })}>
                      {sameAddressWords(c)}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <section aria-label="会话" className="conversation">
            <p className="empty">查看和回复会话需要启用 JavaScript。</p>
          </section>
        </div>
      </main>
      <script type="application/json" id="inbox-state" dangerouslySetInnerHTML={{ __html: state }} />
    </>,
    {
      head: <script type="module" src="/widgets/chat-agent.js" nonce={nonce} />,
      style: INBOX_STYLE + INBOX_SEARCH_STYLE,
    },
  );
}
