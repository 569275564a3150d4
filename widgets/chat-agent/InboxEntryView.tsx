import type { ConversationSummary } from '../../contract/chat-inbox';
import {
  activityTime,
  conversationName,
  entryMarks,
  entryProduct,
  messagePreview,
} from '../../contract/chat-inbox-words';

export interface InboxEntryViewProps {
  conversation: ConversationSummary;
  /** Where the conversation opens (`/chat/agent?open=7`, the list's query kept). */
  href: string;
  /** The conversation open beside the list. */
  current?: boolean;
  /** Opening it in place (the live inbox); without it, the link is followed. */
  onClick?: (event: MouseEvent) => void;
}

/**
 * A conversation in the agent inbox's list: who, when, what it waits for and
 * carries (in the words of contract/chat-inbox-words.ts), its last message;
 * spaces between the parts make it read as words. One view for both sides:
 * the server draws the list with it (backend/chat/agent-pages.tsx) and the
 * inbox's script draws its live list with it (widgets/chat-agent/inbox.tsx).
 * A link, so a click before the script has come, or into a new tab, opens it too.
 */
export function InboxEntryView({ conversation: c, href, current = false, onClick }: InboxEntryViewProps) {
  const marks = entryMarks(c);
  return (
    <a className="entry" href={href} aria-current={current ? 'true' : undefined} onClick={onClick}>
      <span className="who">
        <strong>{conversationName(c)}</strong>{' '}
        <time dateTime={new Date(c.updatedAt).toISOString()}>{activityTime(c.updatedAt)}</time>
      </span>{' '}
      {marks.length > 0 && (
        <span className="marks">
          {marks.flatMap((mark) => [
            <span key={mark.kind} className={mark.kind}>
              {mark.text}
            </span>,
            ' ',
          ])}
        </span>
      )}{' '}
      {c.product && <span className="product">{entryProduct(c)}</span>}{' '}
      <span className="preview">{messagePreview(c.last)}</span>
    </a>
  );
}
