import { type ReactNode, useEffect, useRef } from 'react';
import type { ConversationSummary, InboxPage } from '../../contract/chat-inbox';
import { sameAddressWords } from '../../contract/chat-inbox-words';

export interface ListRowProps {
  conversation: ConversationSummary;
  /** The link that opens a conversation (the inbox's own: in place, or in a tab of its own). */
  link: (conversation: ConversationSummary) => ReactNode;
  /** A row standing for its address's many: their list once opened, `null` while it comes. */
  sameAddress?: InboxPage | null;
  onToggle?: () => void;
  /** Where all of the address's conversations are listed, when more than a page of them came. */
  allLink?: ReactNode;
}

/**
 * A row of the list: a conversation, or the newest of an address's many with a
 * button that opens the others beneath it (a disclosure: `aria-expanded`).
 */
export function ListRow({ conversation: c, link, sameAddress, onToggle, allLink }: ListRowProps) {
  const others = useRef<HTMLUListElement>(null);
  // Opened in a list that scrolls by itself (a phone's), the others may land below its
  // fold: brought into view when they come, or the button would seem to do nothing.
  useEffect(() => {
    if (sameAddress) others.current?.scrollIntoView?.({ block: 'nearest' });
  }, [sameAddress]);
  if (!c.group) return <>{link(c)}</>;
  const id = `same-address-${c.id}`;
  const opened = sameAddress !== undefined;
  return (
    <>
      {link(c)}
      <button type="button" className="same-address" aria-expanded={opened} aria-controls={id} onClick={onToggle}>
        {sameAddressWords(c)}
      </button>
      <ul id={id} ref={others} className="same-address-list" aria-label="同一地址的其他会话" hidden={!opened}>
        {sameAddress === null && <li className="range">正在加载…</li>}
        {sameAddress?.conversations
          .filter((other) => other.id !== c.id)
          .map((other) => (
            <li key={other.id}>{link(other)}</li>
          ))}
        {sameAddress?.older && allLink && <li>{allLink}</li>}
      </ul>
    </>
  );
}
