import type { ReactNode, RefObject } from 'react';
import { cardAddress } from '../../contract/chat-card';
import type { ConversationSummary } from '../../contract/chat-inbox';
import { conversationName, messageTime } from '../../contract/chat-inbox-words';
import type { ChatMessage } from '../chat/types';

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

// Enter makes a new line; Ctrl+Enter (⌘+Enter on a Mac) sends, as in the chat tools agents know.
const sendOnCtrlEnter = (event: KeyboardEvent) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.isComposing)
    (event.currentTarget as HTMLTextAreaElement).form?.requestSubmit();
};

export interface ConversationPaneProps {
  /** The conversation open, or none yet. */
  current: ConversationSummary | null;
  messages: ChatMessage[];
  draft: string;
  onDraft: (text: string) => void;
  onReply: (event: Event) => void;
  error: string;
  /** The session ended: the error offers to sign in again (`signInAgain`). */
  refused: boolean;
  signInAgain: ReactNode;
  /** The conversation's name, focused when it opens. */
  heading: RefObject<HTMLHeadingElement | null>;
}

/** The open conversation beside the list: who, its messages, the reply box. */
export function ConversationPane({
  current,
  messages,
  draft,
  onDraft,
  onReply,
  error,
  refused,
  signInAgain,
  heading,
}: ConversationPaneProps) {
  return (
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
          <form onSubmit={onReply}>
            <label htmlFor="reply">回复</label>
            <textarea
              id="reply"
              rows={3}
              value={draft}
              onInput={(e) => onDraft((e.target as HTMLTextAreaElement).value)}
              onKeyDown={sendOnCtrlEnter}
              aria-describedby="reply-hint"
            />
            <p id="reply-hint" className="hint">
              Ctrl + Enter 发送
            </p>
            <button type="submit">发送回复</button>
            <p className="error" role="alert">
              {error}
              {error && refused && <> {signInAgain}，未发送的回复会保留。</>}
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
  );
}
