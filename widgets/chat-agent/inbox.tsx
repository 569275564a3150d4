/**
 * The agent inbox (`/chat/agent`): the conversations a page at a time, with the
 * visitor's metadata and cards, live, and a reply box; searched and filtered, an
 * address's many conversations one row that opens in place. The server renders the
 * page of conversations, its search form and paging links (they work without this
 * script); this module of the portal's own page takes it over from the same data,
 * behind the agent sign-in, and reuses the visitors' live connection.
 */

import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { cardAddress } from '../../contract/chat-card';
import {
  type ConversationSummary,
  firstPage,
  type InboxPage,
  type InboxQuery,
  inboxHref,
  isNarrowed,
  openedIn,
  readInboxQuery,
} from '../../contract/chat-inbox';
import {
  allFromAddress,
  conversationName,
  inboxRange,
  messageTime,
  SEARCH_WORDS,
} from '../../contract/chat-inbox-words';
import { ChatConnection } from '../chat/connection';
import type { ChatMessage } from '../chat/types';
import { API, CallFailure, call, pageOf } from './api';
import { Entry, ListRow } from './entry';
import { useSameAddress } from './same-address';
import { SearchForm } from './search-form';

/**
 * Unsent replies, by conversation, kept for this tab: signing in again after the
 * session ended, a reload or another conversation in between loses nothing.
 */
const drafts = {
  key: (id: number) => `portal.chat-agent.draft.${id}`,
  read(id: number): string {
    try {
      return sessionStorage.getItem(drafts.key(id)) ?? '';
    } catch {
      return '';
    }
  },
  write(id: number, text: string) {
    try {
      if (text) sessionStorage.setItem(drafts.key(id), text);
      else sessionStorage.removeItem(drafts.key(id));
    } catch {
      // Storage refused (private mode, full): the draft lives on in the box only.
    }
  },
};

function Message({ message }: { message: ChatMessage }) {
  if (message.kind === 'metadata')
    return (
      <li className="system">
        访客身份（来自登录账号）：{message.metadata?.name}，{message.metadata?.mobile}
      </li>
    );
  const card = message.card;
  // Only the portal's own pages and pictures: the service built the card from its content.
  const picture = card && cardAddress(card.picUrl, location.origin);
  return (
    <li className={`message ${message.sender}`}>
      <span className="meta">
        {message.sender === 'agent' ? '客服' : '访客'} · {messageTime(message.createdAt)}
      </span>
      {card ? (
        <a className="card" href={cardAddress(card.url, location.origin)} target="_blank" rel="noopener">
          {picture && <img src={picture} alt="" width="64" height="48" />}
          <span>
            <strong>{card.title}</strong>
            <span>{card.description}</span>
          </span>
        </a>
      ) : (
        <span className="text">{message.text}</span>
      )}
    </li>
  );
}

/** What the live connection's callback needs of the screen (set on every render). */
const screen: { query: InboxQuery | null; conversation: number | null; refreshOpened: () => void } = {
  query: null,
  conversation: null,
  refreshOpened: () => {},
};

function Inbox({ initial }: { initial: { query: InboxQuery; page: InboxPage; since?: number; error?: string } }) {
  const [query, setQuery] = useState(initial.query);
  const [inbox, setInbox] = useState(initial.page);
  const [current, setCurrent] = useState<ConversationSummary | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState('');
  const [status, setStatus] = useState('connecting');
  /** What the list could not do (a search refused, a page that did not come). */
  const [listError, setListError] = useState(initial.error ?? '');
  const sameAddress = useSameAddress(query);
  const range = useRef<HTMLParagraphElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const paged = useRef(false);
  screen.query = query;
  screen.conversation = current?.id ?? null;
  screen.refreshOpened = () => sameAddress.refresh(setListError);

  /** Shows a page, unless the agent has gone to another one meanwhile. */
  const show = (shown: InboxQuery, page: InboxPage) => {
    if (screen.query && inboxHref(shown) !== inboxHref(screen.query)) return;
    setInbox(page);
    const fresh = page.conversations.find((c) => c.id === screen.conversation);
    if (fresh) setCurrent(fresh);
  };

  // One reload at a time, and one more if messages arrived during it (a flood is many).
  const reloading = useRef<{ busy: boolean; again: boolean }>({ busy: false, again: false });
  const reload = () => {
    const state = reloading.current;
    if (state.busy) {
      state.again = true;
      return;
    }
    state.busy = true;
    const shown = screen.query as InboxQuery;
    screen.refreshOpened();
    pageOf(shown)
      .then(
        (page) => show(shown, page),
        (e) => setError(String(e.message)),
      )
      .finally(() => {
        state.busy = false;
        if (state.again) {
          state.again = false;
          reload();
        }
      });
  };

  const go = async (next: InboxQuery, push: boolean) => {
    try {
      const page = await pageOf(next);
      screen.query = next;
      paged.current = true;
      setQuery(next);
      setInbox(page);
      setListError('');
      if (push) history.pushState(null, '', inboxHref(next, screen.conversation ?? undefined));
    } catch (failure) {
      setListError((failure as Error).message);
    }
  };

  /**
   * A link's click: a plain one is followed in place by `action`; others (a new
   * tab, a new window) go to the browser, as does any click without scripts.
   */
  const inPlace = (action: () => void) => (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    action();
  };
  /** A paging link. */
  const follow = (next: InboxQuery) => inPlace(() => void go(next, true));

  useEffect(() => {
    const onPopState = () => void go(readInboxQuery(location.search).query, false);
    addEventListener('popstate', onPopState);
    const connection = new ChatConnection({
      base: API,
      // What the server drew is in the page: only what came after it is news.
      after: initial.since,
      // The agent's cookie says who it is; agents' streams are not limited per visitor, and do not idle.
      headers: async () => ({}),
      unknownVisitor() {},
      onMessage(message) {
        if (message.conversationId === screen.conversation) {
          setMessages((list) => (list.some((m) => m.id === message.id) ? list : [...list, message]));
          if (message.sender === 'visitor')
            void call(`/conversations/${message.conversationId}/read`, { messageId: message.id });
        }
        reload();
      },
      onPresence() {},
      onStatus: setStatus,
    });
    connection.start();
    return () => {
      connection.stop();
      removeEventListener('popstate', onPopState);
    };
  }, []);

  // The link followed is gone (the first or last page): focus goes to where the list says which page this is.
  useEffect(() => {
    if (!paged.current) return;
    paged.current = false;
    if (!document.activeElement || document.activeElement === document.body) range.current?.focus();
  }, [inbox]);

  const open = async (conversation: ConversationSummary) => {
    setCurrent(conversation);
    setDraft(drafts.read(conversation.id));
    setError('');
    // The address names it: a reload, or a link to it, opens it again.
    history.replaceState(null, '', inboxHref(screen.query ?? query, conversation.id));
    // To the conversation (below the list on a narrow screen), its name read first:
    // brought to the top, so the reply box below its messages shows too, however long the list.
    requestAnimationFrame(() => {
      heading.current?.focus({ preventScroll: true });
      heading.current?.closest('section')?.scrollIntoView({ block: 'start' });
    });
    const list = await call<ChatMessage[]>(`/conversations/${conversation.id}/messages`);
    setMessages(list);
    const last = list.at(-1);
    if (last) await call(`/conversations/${conversation.id}/read`, { messageId: last.id });
    reload();
  };

  // The conversation the address names (a link from the server's list, a reload).
  useEffect(() => {
    const id = openedIn(location.search);
    if (id === undefined) return;
    const listed = initial.page.conversations.find((c) => c.id === id);
    (listed ? Promise.resolve(listed) : call<ConversationSummary>(`/conversations/${id}`)).then(
      (conversation) => void open(conversation),
      (failure: Error) => setError(failure.message),
    );
  }, []);

  const reply = async (event: Event) => {
    event.preventDefault();
    if (!current || !draft.trim()) return;
    try {
      const message = await call<ChatMessage>(`/conversations/${current.id}/messages`, {
        text: draft,
        clientId: crypto.randomUUID().replace(/-/g, ''),
      });
      setMessages((list) => (list.some((m) => m.id === message.id) ? list : [...list, message]));
      setDraft('');
      drafts.write(current.id, '');
      setError('');
    } catch (failure) {
      if (failure instanceof CallFailure && failure.status === 401) setStatus('refused');
      setError((failure as Error).message);
    }
  };

  // Enter makes a new line; Ctrl+Enter (⌘+Enter on a Mac) sends, as in the chat tools agents know.
  const sendOnCtrlEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.isComposing)
      (event.currentTarget as HTMLTextAreaElement).form?.requestSubmit();
  };

  const scope = firstPage(query);
  // Back to this address (the conversation open, the list's page) after signing in again.
  const signInAgain = <a href={`/chat/agent${location.search}`}>重新登录</a>;
  const link = (key: string, next: InboxQuery, text: string, rel?: string, className?: string) => (
    <a key={key} rel={rel} className={className} href={inboxHref(next)} onClick={follow(next)}>
      {text}
    </a>
  );
  /** A conversation's entry: a link, as the server draws it, so it can be opened in a tab of its own. */
  const entryLink = (c: ConversationSummary) => (
    <a
      className="entry"
      href={inboxHref(query, c.id)}
      aria-current={c.id === current?.id ? 'true' : undefined}
      onClick={inPlace(() => void open(c))}
    >
      <Entry conversation={c} />
    </a>
  );
  const cursor = query.before || query.after;
  return (
    <>
      <nav aria-label="会话列表" className="list">
        <p className="status" role="status">
          {status === 'open' ? (
            '实时连接中'
          ) : status === 'refused' ? (
            // Signed out (in another tab, on another instance) or the session expired.
            <>登录已失效，{signInAgain}</>
          ) : status === 'unreachable' ? (
            '无法连接客服服务，请刷新页面重试'
          ) : (
            '正在连接…'
          )}
        </p>
        <p className="filters">
          <a
            href={inboxHref({ ...scope, show: 'all' })}
            aria-current={query.show === 'all' ? 'page' : undefined}
            onClick={follow({ ...scope, show: 'all' })}
          >
            全部会话（{inbox.total}）
          </a>
          <a
            href={inboxHref({ ...scope, show: 'unanswered' })}
            aria-current={query.show === 'unanswered' ? 'page' : undefined}
            onClick={follow({ ...scope, show: 'unanswered' })}
          >
            未回复（{inbox.unanswered}）
          </a>
        </p>
        <SearchForm query={query} onSearch={(next) => void go(next, true)} />
        <p className="error" role="alert">
          {listError}
        </p>
        {isNarrowed(query) && (
          <p className="scope">
            {query.address && (
              <>
                {SEARCH_WORDS.scope} {link('back', { ...scope, address: undefined }, SEARCH_WORDS.back)}
              </>
            )}{' '}
            {isNarrowed({ ...query, address: undefined }) &&
              link('clear', { show: query.show, address: query.address }, SEARCH_WORDS.clear)}
          </p>
        )}
        <p className="range" tabIndex={-1} ref={range}>
          {inboxRange(inbox, query)}
        </p>
        {(inbox.newer || inbox.older || cursor) && (
          <p className="pager">
            {cursor && link('newest', scope, '最新会话')}
            {inbox.newer && link('newer', { ...scope, after: inbox.newer }, '较新的会话', 'prev')}
            {inbox.older && link('older', { ...scope, before: inbox.older }, '更早的会话', 'next')}
          </p>
        )}
        <ul>
          {inbox.conversations.map((c) => (
            // A row standing for an address keeps its place (and focus) as the address's newest changes.
            <li key={c.group ? `address ${c.group.address}` : c.id}>
              <ListRow
                conversation={c}
                link={entryLink}
                sameAddress={c.group && sameAddress.opened.get(c.group.address)}
                onToggle={() => c.group && sameAddress.toggle(c.group.address, setListError)}
                allLink={
                  c.group &&
                  link('all', { ...scope, address: c.group.address }, allFromAddress(c), undefined, 'same-address')
                }
              />
            </li>
          ))}
        </ul>
      </nav>
      <section aria-label="会话" className="conversation">
        {current ? (
          <>
            <header>
              <h2 tabIndex={-1} ref={heading}>
                {conversationName(current)}
              </h2>
              <p>
                {current.signedIn ? `已登录账号${current.mobile ? ` · 手机 ${current.mobile}` : ''}` : '匿名访客'}
                {current.origin && ` · 来自 ${current.origin}`}
              </p>
            </header>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the history scrolls and must be reachable by keyboard. */}
            <ol className="messages" aria-label="聊天记录" aria-live="polite" tabIndex={0}>
              {messages.map((m) => (
                <Message key={m.id} message={m} />
              ))}
            </ol>
            <form onSubmit={reply}>
              <label htmlFor="reply">回复</label>
              <textarea
                id="reply"
                rows={3}
                value={draft}
                onInput={(e) => {
                  const text = (e.target as HTMLTextAreaElement).value;
                  setDraft(text);
                  drafts.write(current.id, text);
                }}
                onKeyDown={sendOnCtrlEnter}
                aria-describedby="reply-hint"
              />
              <p id="reply-hint" className="hint">
                Ctrl + Enter 发送
              </p>
              <button type="submit">发送回复</button>
              <p className="error" role="alert">
                {error}
                {error && status === 'refused' && <> {signInAgain}，未发送的回复会保留。</>}
              </p>
            </form>
          </>
        ) : (
          <>
            <p className="empty">在会话列表中选择一个会话，查看并回复。</p>
            <p className="error" role="alert">
              {error}
            </p>
          </>
        )}
      </section>
    </>
  );
}

const mount = document.getElementById('inbox');
const state = document.getElementById('inbox-state')?.textContent;
if (mount && state) {
  // The server's list gives way to the same list, live; focus on one of its links stays on it.
  const focused = mount.contains(document.activeElement) ? document.activeElement?.textContent : undefined;
  mount.textContent = '';
  createRoot(mount).render(<Inbox initial={JSON.parse(state)} />);
  if (focused)
    [...mount.querySelectorAll<HTMLElement>('a, button')].find((control) => control.textContent === focused)?.focus();
}
