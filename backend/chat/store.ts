import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { ChatCardInfo, ChatMessage, ChatMessageKind, ChatSender, VisitorMetadata } from '../../contract/chat';
import { type ConversationSummary, INBOX_PAGE_SIZE, type InboxPage, type InboxQuery } from '../../contract/chat-inbox';
import { all, type Db, isPostgres, one, run } from '../db/query';
import { storedCard } from './cards';
import { EXTRAS, FOLD_FROM, LAST_COLUMNS, type ListedRow, listInbox, WITH_LAST } from './inbox-list';

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
  /** Where it was started from, as the server saw it (none before migration 15). */
  address: string | null;
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
  card_body: string | null;
  last_id: number;
  last_sender: ChatSender;
  last_kind: ChatMessageKind;
  last_body: string;
  last_client_id: string | null;
  last_created_at: number;
};

/** Chat messages take their ids in turn: ids in commit order are what a resumed stream relies on. */
const MESSAGE_ORDER_LOCK = 21_0002;

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
  product: (row.card_body && storedCard(JSON.parse(row.card_body))?.title) || null,
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

/** A row of the list: a row standing for its address's conversations says how many. */
const toListed = (row: SummaryRow & ListedRow): ConversationSummary => ({
  ...toSummary(row),
  ...(row.address !== null && row.group_size >= FOLD_FROM
    ? { group: { address: row.address, count: Number(row.group_size), unanswered: Number(row.group_unanswered) } }
    : {}),
});

/**
 * Conversations and messages of the built-in chat service, in the portal's
 * database. Delivery to open streams is the hub's job (one process today);
 * this store only keeps the order: message ids rise in the order they commit.
 * One file past 250 lines on purpose: every query of the chat's two tables in
 * one class, so the ordering lock and the list's SQL are read side by side.
 */
export class ChatStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** The visitor's conversation, if it has one. */
  find(visitor: Visitor, db = this.db): Promise<ConversationRow | undefined> {
    return one(
      db,
      visitor.kind === 'user'
        ? sql<ConversationRow>`SELECT * FROM chat_conversations WHERE user_id = ${visitor.userId}`
        : sql<ConversationRow>`SELECT * FROM chat_conversations WHERE visitor_hash = ${hashSecret(visitor.secret)}`,
    );
  }

  /**
   * The visitor's conversation, started now if it has none (`created`), from
   * `address` (the server's `req.ip`; kept to 100 characters, whatever a proxy trusted by mistake passed on).
   */
  async open(
    visitor: Visitor,
    origin: string,
    address?: string,
  ): Promise<{ conversation: ConversationRow; created: boolean }> {
    const existing = await this.find(visitor);
    if (existing) return { conversation: existing, created: false };
    const now = this.now();
    const changes = await run(
      this.db,
      sql`INSERT INTO chat_conversations (visitor_hash, user_id, origin, address, created_at, updated_at)
        VALUES (${visitor.kind === 'anonymous' ? hashSecret(visitor.secret) : null},
                ${visitor.kind === 'user' ? visitor.userId : null}, ${origin}, ${address?.slice(0, 100) || null},
                ${now}, ${now})
        ON CONFLICT DO NOTHING`,
    );
    return { conversation: (await this.find(visitor)) as ConversationRow, created: changes === 1 };
  }

  conversation(id: number): Promise<ConversationRow | undefined> {
    return one(this.db, sql<ConversationRow>`SELECT * FROM chat_conversations WHERE id = ${id}`);
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
  ): Promise<{ message: ChatMessage; created: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      // SQLite writes one at a time anyway; PostgreSQL would let a later id commit first.
      if (isPostgres(trx)) await sql`SELECT pg_advisory_xact_lock(${MESSAGE_ORDER_LOCK})`.execute(trx);
      if (clientId) {
        const existing = await one(
          trx,
          sql<MessageRow>`SELECT * FROM chat_messages WHERE conversation_id = ${conversationId} AND client_id = ${clientId}`,
        );
        if (existing) return { message: toMessage(existing), created: false };
      }
      const [kind, body] =
        'text' in content
          ? (['text', content.text] as const)
          : 'card' in content
            ? (['card', JSON.stringify(content.card)] as const)
            : (['metadata', JSON.stringify(content.metadata)] as const);
      const now = this.now();
      const row = (await one(
        trx,
        sql<MessageRow>`INSERT INTO chat_messages (conversation_id, sender, kind, body, client_id, created_at)
          VALUES (${conversationId}, ${sender}, ${kind}, ${body}, ${clientId}, ${now}) RETURNING *`,
      )) as MessageRow;
      await sql`UPDATE chat_conversations SET updated_at = ${now}
        ${sender === 'agent' ? sql`, agent_read_id = ${row.id}` : sql``} WHERE id = ${conversationId}`.execute(trx);
      return { message: toMessage(row), created: true };
    });
  }

  /**
   * Records who a signed-in visitor is. Returns the metadata message, or nothing
   * when the conversation already carries the same name and mobile (sent once).
   */
  async setMetadata(conversationId: number, metadata: VisitorMetadata): Promise<ChatMessage | undefined> {
    const row = await this.conversation(conversationId);
    if (!row || (row.visitor_name === metadata.name && row.visitor_mobile === metadata.mobile)) return undefined;
    await sql`UPDATE chat_conversations SET visitor_name = ${metadata.name}, visitor_mobile = ${metadata.mobile}
      WHERE id = ${conversationId}`.execute(this.db);
    return (await this.add(conversationId, 'visitor', { metadata }, null)).message;
  }

  /** Messages after `afterId`, oldest first (at most `limit`, the newest ones). */
  async messages(conversationId: number, afterId = 0, limit = 500): Promise<ChatMessage[]> {
    const rows = await all(
      this.db,
      sql<MessageRow>`SELECT * FROM (SELECT * FROM chat_messages WHERE conversation_id = ${conversationId} AND id > ${afterId}
        ORDER BY id DESC LIMIT ${limit}) AS newest ORDER BY id`,
    );
    return rows.map(toMessage);
  }

  /** The newest message's id (0 before the first): where an inbox drawn now resumes. */
  async newestMessageId(): Promise<number> {
    const row = await one(this.db, sql<{ id: number | null }>`SELECT max(id) AS id FROM chat_messages`);
    return Number(row?.id ?? 0);
  }

  /** Every message after `afterId` in any conversation, for the agents' live stream. */
  async messagesSince(afterId: number, limit = 500): Promise<ChatMessage[]> {
    const rows = await all(
      this.db,
      sql<MessageRow>`SELECT * FROM chat_messages WHERE id > ${afterId} ORDER BY id LIMIT ${limit}`,
    );
    return rows.map(toMessage);
  }

  /**
   * A page of the inbox's list: the conversations that have a message and that
   * the query leaves, newest activity first, one address's many as one row.
   */
  async conversations(query: InboxQuery = { show: 'all' }, size = INBOX_PAGE_SIZE): Promise<InboxPage> {
    const { rows, listed, ...page } = await listInbox<SummaryRow & ListedRow>(this.db, query, size);
    return { ...page, rows: listed, conversations: rows.map(toListed) };
  }

  /** One conversation as the inbox lists it. */
  async summary(id: number): Promise<ConversationSummary | undefined> {
    const row = await one(
      this.db,
      sql<SummaryRow>`SELECT ${LAST_COLUMNS}, ${EXTRAS} FROM ${WITH_LAST} WHERE c.id = ${id}`,
    );
    return row && toSummary(row);
  }

  /** The agents have seen the conversation up to `messageId`. */
  async markRead(conversationId: number, messageId: number): Promise<void> {
    await sql`UPDATE chat_conversations
      SET agent_read_id = CASE WHEN agent_read_id > ${messageId} THEN agent_read_id ELSE ${messageId} END
      WHERE id = ${conversationId}`.execute(this.db);
  }
}
