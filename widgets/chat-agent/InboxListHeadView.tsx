import type { ReactNode, RefObject } from 'react';
import { firstPage, type InboxPage, type InboxQuery, isNarrowed } from '../../contract/chat-inbox';
import { inboxRange, SEARCH_WORDS } from '../../contract/chat-inbox-words';

/** A link of the list's head: where it leads, its words, and whether it is the view shown. */
export interface InboxLinkProps {
  next: InboxQuery;
  text: string;
  rel?: string;
  current?: boolean;
}

/** Draws a link of the list's head: a plain link on the server's page, one followed in place by the live list. */
export type InboxLink = (key: string, link: InboxLinkProps) => ReactNode;

export interface InboxListHeadProps {
  query: InboxQuery;
  inbox: InboxPage;
  link: InboxLink;
  /** The search form (the server's posts the page again; the live list's searches in place). */
  search: ReactNode;
  /** What went wrong, if anything (an alert). */
  error: ReactNode;
  /** Where the live list says which page this is: focused when the link followed is gone. */
  range?: RefObject<HTMLParagraphElement | null>;
}

/**
 * The head of the agents' conversation list, drawn alike by the server's inbox
 * page (backend/chat/agent-pages.tsx) and the live list (inbox-list.tsx): the
 * two views with their counts, the search, what went wrong, how the list is
 * narrowed, which page this is, and the pager.
 */
export function InboxListHeadView({ query, inbox, link, search, error, range }: InboxListHeadProps) {
  const scope = firstPage(query);
  const cursor = query.before || query.after;
  return (
    <>
      <p className="filters">
        {link('all', {
          next: { ...scope, show: 'all' },
          text: `全部会话（${inbox.total}）`,
          current: query.show === 'all',
        })}
        {link('unanswered', {
          next: { ...scope, show: 'unanswered' },
          text: `未回复（${inbox.unanswered}）`,
          current: query.show === 'unanswered',
        })}
      </p>
      {search}
      {error}
      {isNarrowed(query) && (
        <p className="scope">
          {query.address && (
            <>
              {SEARCH_WORDS.scope} {link('back', { next: { ...scope, address: undefined }, text: SEARCH_WORDS.back })}
            </>
          )}{' '}
          {isNarrowed({ ...query, address: undefined }) &&
            link('clear', { next: { show: query.show, address: query.address }, text: SEARCH_WORDS.clear })}
        </p>
      )}
      <p className="range" tabIndex={range ? -1 : undefined} ref={range}>
        {inboxRange(inbox, query)}
      </p>
      {(inbox.newer || inbox.older || cursor) && (
        <p className="pager">
          {cursor && link('newest', { next: scope, text: '最新会话' })}
          {inbox.newer && link('newer', { next: { ...scope, after: inbox.newer }, text: '较新的会话', rel: 'prev' })}
          {inbox.older && link('older', { next: { ...scope, before: inbox.older }, text: '更早的会话', rel: 'next' })}
        </p>
      )}
    </>
  );
}
