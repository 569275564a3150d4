import * as v from 'valibot';
import type { ChatMessage } from './chat';

/**
 * The agent inbox's list: every conversation, newest activity first, a page at a
 * time. Pages are reached by a cursor (the last activity and id of the entry a
 * page starts after), so a flood of new conversations arriving at the top shifts
 * nothing on the pages an agent is reading. The page at `/chat/agent` and its API
 * take the same query.
 */

/** Conversations per page. */
export const INBOX_PAGE_SIZE = 50;

/** A place in the order: `{last activity in ms}-{conversation id}`. */
const cursor = v.pipe(v.string(), v.regex(/^\d{1,15}-\d{1,12}$/, '翻页位置不正确'));

export const inboxQuery = v.pipe(
  v.object({
    /** `unanswered`: only conversations whose last message is the visitor's. */
    show: v.optional(v.picklist(['all', 'unanswered'], '只能列出全部或未回复的会话'), 'all'),
    /** The page of conversations older than this place. */
    before: v.optional(cursor),
    /** The page of conversations newer than this place. */
    after: v.optional(cursor),
  }),
  v.check((query) => !(query.before && query.after), '翻页位置只能给一个'),
);
export type InboxQuery = v.InferOutput<typeof inboxQuery>;

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
}

export interface InboxPage {
  conversations: ConversationSummary[];
  /** The place of the first entry, from 1 (0 on an empty page). */
  from: number;
  /** Conversations in all. */
  total: number;
  /** Unanswered conversations in all. */
  unanswered: number;
  /** Cursor of the next page of older conversations (`before`), if any. */
  older: string | null;
  /** Cursor of the page of newer conversations (`after`), if any. */
  newer: string | null;
}

/**
 * The inbox page's address for a query: what its paging links say, with or
 * without scripts; with `open`, that conversation opened on it.
 */
export function inboxHref(query: Partial<InboxQuery>, open?: number): string {
  const params = new URLSearchParams();
  if (query.show === 'unanswered') params.set('show', 'unanswered');
  if (query.before) params.set('before', query.before);
  else if (query.after) params.set('after', query.after);
  if (open !== undefined) params.set('open', String(open));
  const search = params.toString();
  return `/chat/agent${search ? `?${search}` : ''}`;
}

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
  const params = new URLSearchParams(search);
  const named = (key: string) => params.get(key) ?? undefined;
  const query = v.safeParse(inboxQuery, { show: named('show'), before: named('before'), after: named('after') });
  return inboxHref(query.success ? query.output : {}, openedIn(search));
}

/** The query strings of a request that the inbox reads (a repeated one is not a string, and refused). */
export const inboxQueryInput = (query: Record<string, unknown>) => ({
  show: query.show,
  before: query.before,
  after: query.after,
});

/** How agents name a conversation: the visitor's verified name, or its number. */
export const conversationName = (conversation: Pick<ConversationSummary, 'id' | 'name'>) =>
  conversation.name ?? `访客 ${conversation.id}`;

/** A line for a message in the list. */
export function messagePreview(message: ChatMessage | null): string {
  if (!message) return '';
  if (message.kind === 'card') return `[卡片] ${message.card?.title ?? ''}`;
  if (message.kind === 'metadata') return '[身份信息]';
  return message.text ?? '';
}

/** Times in China's time (the product's): the same on the server and in any agent's browser. */
const inChina = { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', hour12: false } as const;
/** When a conversation was last active: 11/25 20:43. */
export const activityTime = (ms: number) =>
  new Date(ms).toLocaleString('zh-CN', { ...inChina, month: '2-digit', day: '2-digit' });
/** When a message was sent: 20:43. */
export const messageTime = (ms: number) => new Date(ms).toLocaleTimeString('zh-CN', inChina);

/** What the list says about its place: 第 51–100 个，共 211 个会话. */
export function inboxRange(page: InboxPage, show: InboxQuery['show']): string {
  const kind = show === 'unanswered' ? '个未回复会话' : '个会话';
  if (page.conversations.length === 0) return show === 'unanswered' ? '没有未回复的会话。' : '还没有访客留言。';
  const total = show === 'unanswered' ? page.unanswered : page.total;
  return `第 ${page.from}–${page.from + page.conversations.length - 1} 个，共 ${total} ${kind}`;
}
