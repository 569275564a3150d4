/**
 * The agent inbox (`/chat/agent`): every conversation with the visitor's
 * metadata and cards, live, and a reply box. A module of the portal's own page,
 * behind the agent sign-in; it reuses the visitors' live connection.
 */

import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatConnection } from '../chat/connection';
import type { ChatMessage } from '../chat/types';
import styles from './inbox.css';

interface Conversation {
  id: number;
  signedIn: boolean;
  name: string | null;
  mobile: string | null;
  origin: string;
  updatedAt: number;
  unread: number;
  last: ChatMessage | null;
}

const API = '/chat/agent/api';

async function call<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${API}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(json.msg ?? `HTTP ${response.status}`);
  return json.result as T;
}

const who = (c: Conversation) => c.name ?? `访客 ${c.id}`;
const safe = (url?: string) => (url && /^https?:\/\//.test(url) ? url : undefined);
const time = (ms: number) => new Date(ms).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit' });

function preview(message: ChatMessage | null): string {
  if (!message) return '';
  if (message.kind === 'card') return `[卡片] ${message.card?.title ?? ''}`;
  if (message.kind === 'metadata') return '[身份信息]';
  return message.text ?? '';
}

function Message({ message }: { message: ChatMessage }) {
  if (message.kind === 'metadata')
    return (
      <li className="system">
        访客身份（来自登录账号）：{message.metadata?.name}，{message.metadata?.mobile}
      </li>
    );
  const card = message.card;
  return (
    <li className={`message ${message.sender}`}>
      <span className="meta">
        {message.sender === 'agent' ? '客服' : '访客'} · {time(message.createdAt)}
      </span>
      {card ? (
        <a className="card" href={safe(card.url)} target="_blank" rel="noopener">
          {safe(card.picUrl) && <img src={safe(card.picUrl)} alt="" width="64" height="48" />}
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

/** The conversation on screen, for the live connection's callback (set on every render). */
let openConversation: number | null = null;

function Inbox() {
  const [conversations, setConversations] = useState<Conversation[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState('');
  const [status, setStatus] = useState('connecting');
  openConversation = selected;

  const reload = () =>
    call<Conversation[]>('/conversations').then(setConversations, (e) => setError(String(e.message)));

  useEffect(() => {
    void reload();
    const connection = new ChatConnection({
      base: API,
      headers: () => ({}),
      onMessage(message) {
        if (message.conversationId === openConversation) {
          setMessages((list) => (list.some((m) => m.id === message.id) ? list : [...list, message]));
          if (message.sender === 'visitor')
            void call(`/conversations/${message.conversationId}/read`, { messageId: message.id });
        }
        void reload();
      },
      onPresence() {},
      onStatus: setStatus,
    });
    connection.start();
    return () => connection.stop();
  }, []);

  const open = async (id: number) => {
    setSelected(id);
    setError('');
    const list = await call<ChatMessage[]>(`/conversations/${id}/messages`);
    setMessages(list);
    const last = list.at(-1);
    if (last) await call(`/conversations/${id}/read`, { messageId: last.id });
    void reload();
  };

  const reply = async (event: Event) => {
    event.preventDefault();
    if (selected === null || !draft.trim()) return;
    try {
      const message = await call<ChatMessage>(`/conversations/${selected}/messages`, {
        text: draft,
        clientId: crypto.randomUUID().replace(/-/g, ''),
      });
      setMessages((list) => (list.some((m) => m.id === message.id) ? list : [...list, message]));
      setDraft('');
      setError('');
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  const current = conversations.find((c) => c.id === selected);
  return (
    <div className="inbox">
      <nav aria-label="会话列表">
        <p className="status" role="status">
          {status === 'open' ? '实时连接中' : '正在连接…'}
        </p>
        {conversations.length === 0 && <p className="empty">还没有访客留言。</p>}
        <ul>
          {conversations.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                aria-current={c.id === selected ? 'true' : undefined}
                onClick={() => void open(c.id)}
              >
                <strong>{who(c)}</strong>
                {c.unread > 0 && <span className="unread">{c.unread} 条未读</span>}
                <span className="preview">{preview(c.last)}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-label="会话" className="conversation">
        {current ? (
          <>
            <header>
              <h1>{who(current)}</h1>
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
                onInput={(e) => setDraft((e.target as HTMLTextAreaElement).value)}
              />
              <button type="submit">发送回复</button>
              <p className="error" role="alert">
                {error}
              </p>
            </form>
          </>
        ) : (
          <p className="empty">选择左侧的会话查看并回复。</p>
        )}
      </section>
    </div>
  );
}

const mount = document.getElementById('inbox');
if (mount) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(styles);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  createRoot(mount).render(<Inbox />);
}
