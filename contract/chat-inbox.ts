import * as v from 'valibot';
import type { ChatMessage } from './chat';

/**
 * The agent inbox's list: every conversation, newest activity first, a page at a
 * time. Pages are reached by a cursor (the last activity and id of the entry a
 * page starts after), so a flood of new conversations arriving at the top shifts
 * nothing on the pages an agent is reading. A flood cannot bury a customer either:
 * the list is searched and filtered, and three or more conversations started from
 * one address are one row (`group`), opened in place or listed alone (`address`).
 * The page at `/chat/agent` and its API take the same query.
 */

/** Conversations per page. */
export const INBOX_PAGE_SIZE = 50;
/** The longest search. */
export const INBOX_SEARCH_MAX = 100;

/** A place in the order: `{last activity in ms}-{conversation id}`. */
const cursor = v.pipe(v.string('翻页位置不正确'), v.regex(/^\d{1,15}-\d{1,12}$/, '翻页位置不正确'));
/** A filter that is on (`1`, a ticked box) or left out. */
const switchedOn = (message: string) =>
  v.optional(
    v.pipe(
      v.literal('1', message),
      v.transform(() => true),
    ),
  );
/** Text typed by hand: no control characters (NUL and the like), so none reaches a query. */
const typed = /^[^\p{Cc}]*$/u;

export const inboxQuery = v.pipe(
  v.object({
    /** `unanswered`: only conversations whose last message is the visitor's. */
    show: v.optional(v.picklist(['all', 'unanswered'], '只能列出全部或未回复的会话'), 'all'),
    /** Words in the visitor's name, mobile, a card's product or a message (empty: no search). */
    q: v.optional(
      v.pipe(
        v.string('搜索内容不正确'),
        v.trim(),
        v.maxLength(INBOX_SEARCH_MAX, `搜索内容不能超过 ${INBOX_SEARCH_MAX} 个字`),
        v.regex(typed, '搜索内容不能含控制字符'),
        v.transform((text) => text || undefined),
      ),
    ),
    /** Only the conversations of signed-in customers. */
    signedIn: switchedOn('“只看已登录客户”的值不正确'),
    /** Only the conversations that carry a product's card. */
    withCard: switchedOn('“只看带产品卡片”的值不正确'),
    /** Only the conversations started from this address (a row that stands for many, listed in full). */
    address: v.optional(
      v.pipe(
        v.string('来源地址不正确'),
        v.minLength(1, '来源地址不正确'),
        v.maxLength(100, '来源地址不正确'),
        v.regex(typed, '来源地址不正确'),
      ),
    ),
    /** The page of conversations older than this place. */
    before: v.optional(cursor),
    /** The page of conversations newer than this place. */
    after: v.optional(cursor),
  }),
  v.check((query) => !(query.before && query.after), '翻页位置只能给一个'),
);
export type InboxQuery = v.InferOutput<typeof inboxQuery>;

/** Many conversations started from one address, shown as the newest of them. */
export interface SameAddress {
  address: string;
  /** Conversations from the address the query lists, this one among them. */
  count: number;
  /** How many of them wait for an answer. */
  unanswered: number;
}

/** One conversation as the inbox lists it. */
export interface ConversationSummary {
  id: number;
  signedIn: boolean;
  name: string | null;
  mobile: string | null;
  origin: string;
  createdAt: number;
  /** The last activity: the time of its last message. */
  updatedAt: number;
  /** Visitor messages no agent has seen. */
  unread: number;
  /** Its last message is the visitor's: no agent has answered it yet. */
  unanswered: boolean;
  last: ChatMessage | null;
  /** The product (or solution) of the newest card it carries. */
  product: string | null;
  /** In a list: the row stands for this many from its address (absent when it stands alone). */
  group?: SameAddress;
}

export interface InboxPage {
  conversations: ConversationSummary[];
  /** The place of the first entry, from 1 (0 on an empty page). */
  from: number;
  /** Conversations the search and filters (without `show`) leave. */
  total: number;
  /** Unanswered ones among them. */
  unanswered: number;
  /** Rows the list has in all: fewer than its conversations when an address's are one row. */
  rows: number;
  /** Cursor of the next page of older conversations (`before`), if any. */
  older: string | null;
  /** Cursor of the page of newer conversations (`after`), if any. */
  newer: string | null;
}

/** The query without its place: the first page of the same list. */
export const firstPage = ({ before: _before, after: _after, ...scope }: Partial<InboxQuery>): InboxQuery => ({
  show: 'all',
  ...scope,
});

/** Whether the list is narrowed by a search, a filter or an address (the views aside). */
export const isNarrowed = (query: Partial<InboxQuery>) =>
  Boolean(query.q || query.signedIn || query.withCard || query.address);

/**
 * The inbox page's address for a query: what its paging links say, with or
 * without scripts; with `open`, that conversation opened on it. The names are
 * the search form's own.
 */
export function inboxHref(query: Partial<InboxQuery>, open?: number): string {
  const params = new URLSearchParams();
  if (query.show === 'unanswered') params.set('show', 'unanswered');
  if (query.q) params.set('q', query.q);
  if (query.signedIn) params.set('signed-in', '1');
  if (query.withCard) params.set('card', '1');
  if (query.address) params.set('address', query.address);
  if (query.before) params.set('before', query.before);
  else if (query.after) params.set('after', query.after);
  if (open !== undefined) params.set('open', String(open));
  const search = params.toString();
  return `/chat/agent${search ? `?${search}` : ''}`;
}

/** The query strings of a request that the inbox reads (a repeated one is not a string, and refused). */
export const inboxQueryInput = (query: Record<string, unknown>) => ({
  show: query.show,
  q: query.q,
  signedIn: query['signed-in'],
  withCard: query.card,
  address: query.address,
  before: query.before,
  after: query.after,
});

/** A request's query strings, checked: the newest page and the first problem, in words, when they are not a query. */
export function checkInboxQuery(params: Record<string, unknown>): { query: InboxQuery; error?: string } {
  const result = v.safeParse(inboxQuery, inboxQueryInput(params));
  return result.success ? { query: result.output } : { query: { show: 'all' }, error: result.issues[0].message };
}

/** The query an inbox address names (`?q=…&show=…`), checked. */
export const readInboxQuery = (search: string) => checkInboxQuery(Object.fromEntries(new URLSearchParams(search)));

/** The conversation an inbox address opens (`open`), if it names one. */
export function openedIn(search: string): number | undefined {
  const open = new URLSearchParams(search).get('open') ?? '';
  return /^[1-9]\d{0,12}$/.test(open) ? Number(open) : undefined;
}

/**
 * Where signing in leads: the inbox address asked for (`?open=7&show=…`, its
 * list and the conversation it opens), rebuilt from what it names, so that a
 * sign-in form never sends an agent anywhere else.
 */
export function inboxAfterSignIn(search: unknown): string {
  if (typeof search !== 'string' || search.length > 512) return inboxHref({});
  return inboxHref(readInboxQuery(search).query, openedIn(search));
}
