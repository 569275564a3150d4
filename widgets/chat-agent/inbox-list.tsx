import type { ReactNode, RefObject } from 'react';
import {
  type ConversationSummary,
  firstPage,
  type InboxPage,
  type InboxQuery,
  inboxHref,
} from '../../contract/chat-inbox';
import { allFromAddress } from '../../contract/chat-inbox-words';
import { ListRow } from './entry';
import { InboxEntryView } from './InboxEntryView';
import { type InboxLink, InboxListHeadView } from './InboxListHeadView';
import type { SameAddress } from './same-address';
import { SearchForm } from './search-form';

export interface InboxListProps {
  query: InboxQuery;
  inbox: InboxPage;
  /** The live connection's state: `open`, `refused`, `unreachable` or connecting. */
  status: string;
  /** What the list could not do (a search refused, a page that did not come). */
  listError: string;
  current: ConversationSummary | null;
  sameAddress: SameAddress;
  /** Reports what opening an address's conversations could not do. */
  onListError: (message: string) => void;
  /** Where the list says which page this is: focused when the link followed is gone. */
  range: RefObject<HTMLParagraphElement | null>;
  /** A paging link's click, followed in place. */
  follow: (next: InboxQuery) => (event: MouseEvent) => void;
  /** A conversation's click, opened in place. */
  open: (conversation: ConversationSummary) => (event: MouseEvent) => void;
  onSearch: (next: InboxQuery) => void;
  signInAgain: ReactNode;
}

/** The live list: its state, the views and search, the page it shows and links to the others. */
export function InboxList(props: InboxListProps) {
  const { query, inbox, status, listError, current, sameAddress, follow } = props;
  const scope = firstPage(query);
  const link = (key: string, next: InboxQuery, text: string, rel?: string, className?: string) => (
    <a key={key} rel={rel} className={className} href={inboxHref(next)} onClick={follow(next)}>
      {text}
    </a>
  );
  /** A conversation's entry: a link, as the server draws it, so it can be opened in a tab of its own. */
  const entryLink = (c: ConversationSummary) => (
    <InboxEntryView
      conversation={c}
      href={inboxHref(query, c.id)}
      current={c.id === current?.id}
      onClick={props.open(c)}
    />
  );
  const headLink: InboxLink = (key, { next, text, rel, current }) => (
    <a key={key} rel={rel} href={inboxHref(next)} aria-current={current ? 'page' : undefined} onClick={follow(next)}>
      {text}
    </a>
  );
  return (
    <nav aria-label="会话列表" className="list">
      <p className="status" role="status">
        {status === 'open' ? (
          '实时连接中'
        ) : status === 'refused' ? (
          // Signed out (in another tab, on another instance) or the session expired.
          <>登录已失效，{props.signInAgain}</>
        ) : status === 'unreachable' ? (
          '无法连接客服服务，请刷新页面重试'
        ) : (
          '正在连接…'
        )}
      </p>
      <InboxListHeadView
        query={query}
        inbox={inbox}
        link={headLink}
        search={<SearchForm query={query} onSearch={props.onSearch} />}
        error={
          <p className="error" role="alert">
            {listError}
          </p>
        }
        range={props.range}
      />
      <ul>
        {inbox.conversations.map((c) => (
          // A row standing for an address keeps its place (and focus) as the address's newest changes.
          <li key={c.group ? `address ${c.group.address}` : c.id}>
            <ListRow
              conversation={c}
              link={entryLink}
              sameAddress={c.group && sameAddress.opened.get(c.group.address)}
              onToggle={() => c.group && sameAddress.toggle(c.group.address, props.onListError)}
              allLink={
                c.group &&
                link('all', { ...scope, address: c.group.address }, allFromAddress(c), undefined, 'same-address')
              }
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}
