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
import {
  type ConversationSummary,
  type InboxPage,
  type InboxQuery,
  inboxHref,
  openedIn,
  readInboxQuery,
} from '../../contract/chat-inbox';
import { brandId } from '../../contract/random-ids';
import { ChatConnection } from '../chat/connection';
import type { ChatMessage } from '../chat/types';
import { API, CallFailure, call, pageOf } from './api';
import { ConversationPane } from './conversation';
import { drafts } from './drafts';
import { InboxList } from './inbox-list';
import { useSameAddress } from './same-address';

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
        // Not `crypto.randomUUID`: missing on a plain-HTTP address.
        clientId: brandId('', 16),
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

  // Back to this address (the conversation open, the list's page) after signing in again.
  const signInAgain = <a href={`/chat/agent${location.search}`}>重新登录</a>;
  return (
    <>
      <InboxList
        query={query}
        inbox={inbox}
        status={status}
        listError={listError}
        current={current}
        sameAddress={sameAddress}
        onListError={setListError}
        range={range}
        follow={follow}
        open={(c) => inPlace(() => void open(c))}
        onSearch={(next) => void go(next, true)}
        signInAgain={signInAgain}
      />
      <ConversationPane
        current={current}
        messages={messages}
        draft={draft}
        onDraft={(text) => {
          if (!current) return;
          setDraft(text);
          drafts.write(current.id, text);
        }}
        onReply={reply}
        error={error}
        refused={status === 'refused'}
        signInAgain={signInAgain}
        heading={heading}
      />
    </>
  );
}

/**
 * A press on one of the server's links that is released once the live list
 * stands: the browser clicks neither link (the one pressed is gone), so the
 * click is given to the live link to the same address, unless one was clicked.
 */
function keepPress(mount: HTMLElement, href: string) {
  addEventListener(
    'mouseup',
    (up) => {
      if (up.button !== 0) return;
      let clicked = false;
      const seen = (event: Event) => {
        clicked ||= (event.target as Element).closest?.('a') !== null;
      };
      addEventListener('click', seen, true);
      // The click, if the browser makes one, comes in the same task as the release.
      setTimeout(() => {
        removeEventListener('click', seen, true);
        if (!clicked) [...mount.querySelectorAll('a')].find((link) => link.getAttribute('href') === href)?.click();
      });
    },
    { capture: true, once: true },
  );
}

const mount = document.getElementById('inbox');
const state = document.getElementById('inbox-state')?.textContent;
if (mount && state) {
  // The server's list gives way to the same list, live; focus on one of its links stays on it,
  // and a press on one (held down now) is not lost.
  const focused = mount.contains(document.activeElement) ? document.activeElement?.textContent : undefined;
  const pressed = mount.querySelector('a:active')?.getAttribute('href');
  mount.textContent = '';
  createRoot(mount).render(<Inbox initial={JSON.parse(state)} />);
  if (focused)
    [...mount.querySelectorAll<HTMLElement>('a, button')].find((control) => control.textContent === focused)?.focus();
  if (pressed) keepPress(mount, pressed);
}
