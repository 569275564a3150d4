import { createHash } from 'node:crypto';
import type { ChatCardInfo, ChatMessage, ChatMessageKind, ChatSender, VisitorMetadata } from '../../contract/chat';
import { type ConversationSummary, INBOX_PAGE_SIZE, type InboxPage, type InboxQuery } from '../../contract/chat-inbox';
import type { Db } from '../db/connection';
import { storedCard } from './cards';

export type { ChatMessage } from '../../contract/chat';

/** Who is chatting: an anonymous visitor (its secret id) or a signed-in user. */
export type Visitor = { kind: 'anonymous'; secret: string } | { kind: 'user'; userId: number };

export type { ConversationSummary } from '../../contract/chat-inbox';

interface MessageRow {
  id: number;
  conversation_id: number;
  sender: ChatSender;
  kind: ChatMessageKind;
  body: string;
  client_id: string | null;
  created_at: number;
}

interface ConversationRow {
  id: number;
  visitor_hash: string | null;
  user_id: number | null;
  visitor_name: string | null;
  visitor_mobile: string | null;
  origin: string;
  created_at: number;
  updated_at: number;
  agent_read_id: number;
}

/** The visitor's secret is kept only as a hash: the database alone cannot impersonate anyone. */
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

function toMessage(row: MessageRow): ChatMessage {
  const base = {
    id: row.id,
    conversationId: row.conversation_id,
    sender: row.sender,
    kind: row.kind,
    clientId: row.client_id,
    createdAt: row.created_at,
  };
  if (row.kind === 'text') return { ...base, text: row.body };
  if (row.kind === 'card') {
    const card = storedCard(JSON.parse(row.body));
    return card ? { ...base, card } : { ...base, text: '[卡片]' };
  }
  return { ...base, metadata: JSON.parse(row.body) as VisitorMetadata };
}

type SummaryRow = ConversationRow & {
  unread: number;
  last_id: number;
  last_sender: ChatSender;
  last_kind: ChatMessageKind;
  last_body: string;
  last_client_id: string | null;
  last_created_at: number;
};

/** Each conversation with its last message (conversations without one are not listed). */
const SUMMARY_FROM = `chat_conversations c
  JOIN chat_messages l ON l.id = (SELECT max(m.id) FROM chat_messages m WHERE m.conversation_id = c.id)`;
const SUMMARY = `SELECT c.*, l.id AS last_id, l.sender AS last_sender, l.kind AS last_kind, l.body AS last_body,
    l.client_id AS last_client_id, l.created_at AS last_created_at,
    (SELECT count(*) FROM chat_messages m
     WHERE m.conversation_id = c.id AND m.sender = 'visitor' AND m.id > c.agent_read_id) AS unread
  FROM ${SUMMARY_FROM}`;

const toSummary = (row: SummaryRow): ConversationSummary => ({
  id: row.id,
  signedIn: row.user_id !== null,
  name: row.visitor_name,
  mobile: row.visitor_mobile,
  origin: row.origin,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  unread: row.unread,
  unanswered: row.last_sender === 'visitor',
  last: toMessage({
    id: row.last_id,
    conversation_id: row.id,
    sender: row.last_sender,
    kind: row.last_kind,
    body: row.last_body,
    client_id: row.last_client_id,
    created_at: row.last_created_at,
  }),
});

const cursorOf = (row: SummaryRow) => `${row.updated_at}-${row.id}`;

/** Conversations and messages of the built-in chat service, in SQLite. */
export class ChatStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** The visitor's conversation, if it has one. */
  find(visitor: Visitor): ConversationRow | undefined {
    return visitor.kind === 'user'
      ? (this.db.prepare('SELECT * FROM chat_conversations WHERE user_id = ?').get(visitor.userId) as
          | ConversationRow
          | undefined)
      : (this.db.prepare('SELECT * FROM chat_conversations WHERE visitor_hash = ?').get(hashSecret(visitor.secret)) as
          | ConversationRow
          | undefined);
  }

  /** The visitor's conversation, started now if it has none (`created`). */
  open(visitor: Visitor, origin: string): { conversation: ConversationRow; created: boolean } {
    const existing = this.find(visitor);
    if (existing) return { conversation: existing, created: false };
    const now = this.now();
    const { changes } = this.db
      .prepare(
        `INSERT INTO chat_conversations (visitor_hash, user_id, origin, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      )
      .run(
        visitor.kind === 'anonymous' ? hashSecret(visitor.secret) : null,
        visitor.kind === 'user' ? visitor.userId : null,
        origin,
        now,
        now,
      );
    return { conversation: this.find(visitor) as ConversationRow, created: changes === 1 };
  }

  conversation(id: number): ConversationRow | undefined {
    return this.db.prepare('SELECT * FROM chat_conversations WHERE id = ?').get(id) as ConversationRow | undefined;
  }

  /**
   * Stores a message. A message whose client id the conversation already has is
   * the same message sent again (its answer was lost): the stored one comes back
   * with `created: false`.
   */
  add(
    conversationId: number,
    sender: ChatSender,
    content: { text: string } | { card: ChatCardInfo } | { metadata: VisitorMetadata },
    clientId: string | null,
  ): { message: ChatMessage; created: boolean } {
    return this.db.transaction(() => {
      if (clientId) {
        const existing = this.db
          .prepare('SELECT * FROM chat_messages WHERE conversation_id = ? AND client_id = ?')
          .get(conversationId, clientId) as MessageRow | undefined;
        if (existing) return { message: toMessage(existing), created: false };
      }
      const [kind, body] =
        'text' in content
          ? (['text', content.text] as const)
          : 'card' in content
            ? (['card', JSON.stringify(content.card)] as const)
            : (['metadata', JSON.stringify(content.metadata)] as const);
      const now = this.now();
      const { lastInsertRowid } = this.db
        .prepare(
          'INSERT INTO chat_messages (conversation_id, sender, kind, body, client_id, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(conversationId, sender, kind, body, clientId, now);
      this.db.prepare('UPDATE chat_conversations SET updated_at = ? WHERE id = ?').run(now, conversationId);
      if (sender === 'agent')
        this.db
          .prepare('UPDATE chat_conversations SET agent_read_id = ? WHERE id = ?')
          .run(Number(lastInsertRowid), conversationId);
      const row = this.db.prepare('SELECT * FROM chat_messages WHERE id = ?').get(lastInsertRowid) as MessageRow;
      return { message: toMessage(row), created: true };
    })();
  }

  /**
   * Records who a signed-in visitor is. Returns the metadata message, or nothing
   * when the conversation already carries the same name and mobile (sent once).
   */
  setMetadata(conversationId: number, metadata: VisitorMetadata): ChatMessage | undefined {
    const row = this.conversation(conversationId);
    if (!row || (row.visitor_name === metadata.name && row.visitor_mobile === metadata.mobile)) return undefined;
    this.db
      .prepare('UPDATE chat_conversations SET visitor_name = ?, visitor_mobile = ? WHERE id = ?')
      .run(metadata.name, metadata.mobile, conversationId);
    return this.add(conversationId, 'visitor', { metadata }, null).message;
  }

  /** Messages after `afterId`, oldest first (at most `limit`, the newest ones). */
  messages(conversationId: number, afterId = 0, limit = 500): ChatMessage[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM (SELECT * FROM chat_messages WHERE conversation_id = ? AND id > ? ORDER BY id DESC LIMIT ?)
         ORDER BY id`,
      )
      .all(conversationId, afterId, limit) as MessageRow[];
    return rows.map(toMessage);
  }

  /** Every message after `afterId` in any conversation, for the agents' live stream. */
  messagesSince(afterId: number, limit = 500): ChatMessage[] {
    const rows = this.db
      .prepare('SELECT * FROM chat_messages WHERE id > ? ORDER BY id LIMIT ?')
      .all(afterId, limit) as MessageRow[];
    return rows.map(toMessage);
  }

  /**
   * A page of the conversations that have a message, newest activity first, after
   * or before a place in that order (`{updated_at}-{id}`, an index's order).
   */
  conversations(query: InboxQuery = { show: 'all' }, size = INBOX_PAGE_SIZE): InboxPage {
    const only = query.show === 'unanswered' ? "AND l.sender = 'visitor'" : '';
    const select = (where: string, order: 'ASC' | 'DESC', limit: number, ...params: number[]) =>
      this.db
        .prepare(`${SUMMARY} WHERE ${where} ${only} ORDER BY c.updated_at ${order}, c.id ${order} LIMIT ?`)
        .all(...params, limit) as SummaryRow[];
    const count = (where: string, ...params: number[]) =>
      (
        this.db.prepare(`SELECT count(*) AS n FROM ${SUMMARY_FROM} WHERE ${where} ${only}`).get(...params) as {
          n: number;
        }
      ).n;
    const exists = (where: string, ...params: number[]) =>
      this.db.prepare(`SELECT 1 FROM ${SUMMARY_FROM} WHERE ${where} ${only} LIMIT 1`).get(...params) !== undefined;
    const place = (cursor: string) => cursor.split('-').map(Number) as [number, number];

    let rows: SummaryRow[];
    if (query.before) rows = select('(c.updated_at, c.id) < (?, ?)', 'DESC', size, ...place(query.before));
    else if (query.after) {
      // The page just newer than the place; when fewer are left, the newest page.
      const newer = select('(c.updated_at, c.id) > (?, ?)', 'ASC', size + 1, ...place(query.after));
      rows = newer.length > size ? newer.slice(0, size).reverse() : select('1', 'DESC', size);
    } else rows = select('1', 'DESC', size);

    const first = rows[0];
    const last = rows.at(-1);
    const newerCount = first ? count('(c.updated_at, c.id) > (?, ?)', first.updated_at, first.id) : 0;
    const hasOlder = last ? exists('(c.updated_at, c.id) < (?, ?)', last.updated_at, last.id) : false;
    const totals = this.db
      .prepare(`SELECT count(*) AS total, coalesce(sum(l.sender = 'visitor'), 0) AS unanswered FROM ${SUMMARY_FROM}`)
      .get() as { total: number; unanswered: number };
    return {
      conversations: rows.map(toSummary),
      from: first ? newerCount + 1 : 0,
      total: totals.total,
      unanswered: totals.unanswered,
      older: last && hasOlder ? cursorOf(last) : null,
      newer: first && newerCount > 0 ? cursorOf(first) : null,
    };
  }

  /** One conversation as the inbox lists it. */
  summary(id: number): ConversationSummary | undefined {
    const row = this.db.prepare(`${SUMMARY} WHERE c.id = ?`).get(id) as SummaryRow | undefined;
    return row && toSummary(row);
  }

  /** The agents have seen the conversation up to `messageId`. */
  markRead(conversationId: number, messageId: number): void {
    this.db
      .prepare('UPDATE chat_conversations SET agent_read_id = max(agent_read_id, ?) WHERE id = ?')
      .run(messageId, conversationId);
  }
}
