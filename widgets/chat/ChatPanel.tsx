import { cardAddress } from '../../contract/chat-card';
import type { ChatCardRequest, ChatCardView, ChatLang } from '../chat-launcher/types';
import { fullScreen } from './focus';
import type { PanelState } from './panel-store';

export const TEXT = {
  'zh-CN': {
    title: '在线客服',
    online: '客服在线',
    away: '客服暂时离开，留言后会尽快回复',
    close: '关闭在线客服',
    history: '聊天记录',
    empty: '您好，请问有什么可以帮您？',
    input: '输入消息',
    placeholder: '输入消息，按 Enter 发送',
    // A touch keyboard's Enter key may be a new line or not there at all: no key named.
    touchPlaceholder: '输入消息',
    send: '发送',
    sending: '发送中…',
    held: '未发送，将随下一条消息发出',
    you: '我',
    agent: '客服',
    metadata: '已向客服提供您的姓名和手机号',
    offline: '网络已断开，正在重新连接…',
    connecting: '正在连接…',
    tooLong: (max: number) => `消息不能超过 ${max} 个字`,
    unreachable: '抱歉，暂时无法连接在线客服，请稍后再试，或拨打页面上的服务热线。',
  },
  en: {
    title: 'Customer service',
    online: 'An agent is online',
    away: 'No agent online: leave a message and we will reply soon',
    close: 'Close the chat',
    history: 'Conversation',
    empty: 'Hello, how can we help you?',
    input: 'Message',
    placeholder: 'Type a message, Enter to send',
    touchPlaceholder: 'Type a message',
    send: 'Send',
    sending: 'Sending…',
    held: 'Not sent: it goes with your next message',
    you: 'You',
    agent: 'Agent',
    metadata: 'Your name and mobile number were shared with the agent',
    offline: 'Connection lost, reconnecting…',
    connecting: 'Connecting…',
    tooLong: (max: number) => `Messages are limited to ${max} characters`,
    unreachable: 'Sorry, the chat cannot be reached at the moment. Please try again later, or call our hotline.',
  },
};

/** A touch screen as the main pointer: its keyboard is on screen. */
const touchFirst = () => matchMedia('(pointer: coarse)').matches;

/** A message still on its way: shown at once, replaced by the stored one. */
export interface PendingMessage {
  clientId: string;
  text?: string;
  card?: ChatCardView & ChatCardRequest;
}

/** The panel's state (panel-store.ts), and what its launcher tells it. */
export interface ChatPanelProps extends PanelState {
  lang: ChatLang;
  /** The portal's origin: cards link to its own pages only. */
  origin: string;
  visible: boolean;
  onDraft(text: string): void;
  onSend(text: string): void;
  onClose(): void;
}

/** A card the service built: its picture and page are the portal's own paths (anything else shows no link). */
function Card({ card, origin }: { card: ChatCardView; origin: string }) {
  const picture = cardAddress(card.picUrl, origin);
  const body = (
    <>
      {picture && <img src={picture} alt="" width="64" height="48" />}
      <span className="card-text">
        <strong>{card.title}</strong>
        <span>{card.description}</span>
      </span>
    </>
  );
  const href = cardAddress(card.url, origin);
  return href ? (
    <a className="card" part="card" href={href} target="_blank" rel="noopener">
      {body}
    </a>
  ) : (
    <span className="card" part="card">
      {body}
    </span>
  );
}

function Bubble({ from, children, note }: { from: 'visitor' | 'agent'; children: unknown; note?: string }) {
  return (
    <li className={`message ${from}`}>
      {children as never}
      {note && <span className="note">{note}</span>}
    </li>
  );
}

/** The chat panel: history, the agent's presence, and the message box. */
export function ChatPanel(props: ChatPanelProps) {
  const text = TEXT[props.lang];
  const status = props.status === 'offline' ? text.offline : props.status === 'connecting' ? text.connecting : '';
  return (
    <section
      className="dialog"
      role="dialog"
      aria-labelledby="portal-chat-title"
      aria-modal={fullScreen() ? 'true' : undefined}
      hidden={!props.visible}
      // Tab is kept inside by the focus trap while the panel covers the page (focus.ts).
      onKeyDown={(event) => {
        if (event.key === 'Escape') props.onClose();
      }}
    >
      {/* Not a <header>: inside the dialog it would be a second banner landmark beside the page's. */}
      <div className="head" part="panel-header">
        <div>
          <h2 id="portal-chat-title">{text.title}</h2>
          <p className={`presence ${props.agentOnline ? 'online' : ''}`}>
            {props.agentOnline ? text.online : text.away}
          </p>
        </div>
        <button type="button" className="close" aria-label={text.close} onClick={props.onClose}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
          </svg>
        </button>
      </div>
      <p className="status" role="status">
        {status}
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the history scrolls and must be reachable by keyboard. */}
      <ol className="messages" aria-label={text.history} aria-live="polite" tabIndex={0}>
        <li className="message agent">{text.empty}</li>
        {props.messages.map((message) =>
          message.kind === 'metadata' ? (
            <li key={message.id} className="system">
              {text.metadata}
            </li>
          ) : (
            <Bubble key={message.id} from={message.sender}>
              <span className="visually-hidden">{message.sender === 'agent' ? text.agent : text.you}：</span>
              {message.card ? <Card card={message.card} origin={props.origin} /> : message.text}
            </Bubble>
          ),
        )}
        {props.pending.map((message) => (
          <Bubble key={message.clientId} from="visitor" note={text.sending}>
            {message.card ? <Card card={message.card} origin={props.origin} /> : message.text}
          </Bubble>
        ))}
        {props.held.map((message) =>
          message.card ? (
            <Bubble key={message.clientId} from="visitor" note={text.held}>
              <Card card={message.card} origin={props.origin} />
            </Bubble>
          ) : null,
        )}
      </ol>
      <form
        className="composer"
        onSubmit={(event) => {
          event.preventDefault();
          // What the box shows is what is sent, even if an input event was missed.
          props.onSend((event.currentTarget as HTMLFormElement).querySelector('textarea')?.value ?? props.draft);
        }}
      >
        <label htmlFor="portal-chat-input" className="visually-hidden">
          {text.input}
        </label>
        <textarea
          id="portal-chat-input"
          rows={2}
          value={props.draft}
          placeholder={touchFirst() ? text.touchPlaceholder : text.placeholder}
          aria-describedby="portal-chat-error"
          aria-invalid={props.error ? 'true' : undefined}
          onInput={(event) => props.onDraft((event.target as HTMLTextAreaElement).value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
              event.preventDefault();
              props.onSend((event.target as HTMLTextAreaElement).value);
            }
          }}
        />
        <button type="submit" className="send" disabled={props.status === 'refused' || props.status === 'unreachable'}>
          {text.send}
        </button>
        <p id="portal-chat-error" className="error" role="alert">
          {props.error}
        </p>
      </form>
    </section>
  );
}
