import type { ChatMessage } from './chat';
import { type ConversationSummary, type InboxPage, type InboxQuery, isNarrowed } from './chat-inbox';
import { clockTime, dayTime } from './format';

/**
 * What the agent inbox's list says, in words: the server's list and the live
 * one draw the same entries from these, so that they read the same.
 */

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

// Times in China's time (the product's), from the one formatter (contract/format.ts):
// the same on the server, in any agent's browser, and on the other rooms' pages.
/** When a conversation was last active: 11/25 20:43. */
export const activityTime = (ms: number) => dayTime(ms);
/** When a message was sent: 20:43. */
export const messageTime = (ms: number) => clockTime(ms);

/** A mark of an entry, in words (colour only repeats them), and its class. */
export interface EntryMark {
  text: string;
  kind: 'mark' | 'unread' | 'signed-in';
}

/** What an entry says besides its name, time and last message. */
export function entryMarks(c: ConversationSummary): EntryMark[] {
  const marks: EntryMark[] = [];
  if (c.unanswered) marks.push({ text: '未回复', kind: 'mark' });
  if (c.unread > 0) marks.push({ text: `${c.unread} 条未读`, kind: 'unread' });
  if (c.signedIn) marks.push({ text: '已登录', kind: 'signed-in' });
  return marks;
}

/** The product a conversation is about, as its entry says it. */
export const entryProduct = (c: ConversationSummary) => (c.product ? `产品：${c.product}` : '');

/** What a row standing for an address's conversations says of the others: 同一地址还有 211 个会话（210 个未回复）. */
export function sameAddressWords(c: ConversationSummary): string {
  if (!c.group) return '';
  const others = c.group.count - 1;
  const waiting = c.group.unanswered - (c.unanswered ? 1 : 0);
  return `同一地址还有 ${others} 个会话${waiting > 0 ? `（${waiting} 个未回复）` : ''}`;
}

/**
 * What the list says about its place: 第 51–100 个，共 211 个会话; rows when an
 * address's conversations are one: 第 1–3 行，共 3 行（2,212 个会话…）.
 */
export function inboxRange(page: InboxPage, query: Pick<InboxQuery, 'show'> & Partial<InboxQuery>): string {
  const unanswered = query.show === 'unanswered';
  if (page.conversations.length === 0)
    return isNarrowed(query) ? '没有符合条件的会话。' : unanswered ? '没有未回复的会话。' : '还没有访客留言。';
  const kind = unanswered ? '个未回复会话' : '个会话';
  const conversations = unanswered ? page.unanswered : page.total;
  const last = page.from + page.conversations.length - 1;
  if (page.rows >= conversations) return `第 ${page.from}–${last} 个，共 ${conversations} ${kind}`;
  return `第 ${page.from}–${last} 行，共 ${page.rows} 行（${conversations} ${kind}，同一地址的合为一行）`;
}

/** The search form's words, the same with the inbox's script and without. */
export const SEARCH_WORDS = {
  label: '搜索姓名、手机、产品或消息',
  submit: '搜索',
  signedIn: '只看已登录客户',
  withCard: '只看带产品卡片的会话',
  clear: '清除搜索和筛选',
  scope: '只列出从同一地址发起的会话。',
  back: '返回全部会话',
} as const;

/** The link from an opened row to its address's list, when the row has more than a page shows. */
export const allFromAddress = (c: ConversationSummary) => `查看同一地址的全部 ${c.group?.count ?? 0} 个会话`;
