import { type RawBuilder, sql } from 'kysely';
import type { InboxQuery } from '../../contract/chat-inbox';
import { all, type Db, isPostgres, one } from '../db/query';

/**
 * The agent inbox's list in SQL: the conversations a query leaves (search and
 * filters), three or more from one address folded into one row (the newest of
 * them stands for the rest), a page at a time by cursor. Every value the agent
 * typed goes in as a parameter; `LIKE` patterns escape their `%` and `_`.
 */

/** From this many conversations, one address's are one row: a flood is one row, a couple of colleagues are two. */
export const FOLD_FROM = 3;

/** A conversation's (`c`) last message, `l` (conversations without one are not listed). */
const LAST_MESSAGE = sql.raw(
  'JOIN chat_messages l ON l.id = (SELECT max(m.id) FROM chat_messages m WHERE m.conversation_id = c.id)',
);
/** Each conversation with its last message. */
export const WITH_LAST = sql`chat_conversations c ${LAST_MESSAGE}`;
/** The conversation's columns, and its last message's as `last_*`. */
export const LAST_COLUMNS = sql.raw(`c.*, l.id AS last_id, l.sender AS last_sender, l.kind AS last_kind,
  l.body AS last_body, l.client_id AS last_client_id, l.created_at AS last_created_at`);
/**
 * What an entry says besides, of conversation `c`: its unread visitor messages
 * and its newest card. Asked of a page's rows only, not of all that match.
 */
export const EXTRAS = sql.raw(`(SELECT count(*) FROM chat_messages m
    WHERE m.conversation_id = c.id AND m.sender = 'visitor' AND m.id > c.agent_read_id) AS unread,
  (SELECT k.body FROM chat_messages k
    WHERE k.conversation_id = c.id AND k.kind = 'card' ORDER BY k.id DESC LIMIT 1) AS card_body`);

/** What the list module needs of a row; the store makes the rest a summary. */
export interface ListedRow {
  id: number;
  updated_at: number;
  address: string | null;
  /** Conversations the row stands for (1 unless folded). */
  group_size: number;
  group_unanswered: number;
}

/** `text` anywhere in a value, its `%`, `_` and the escape itself taken as they are. */
export const containing = (text: string) => `%${text.replace(/[!%_]/g, '!$&')}%`;

/** Conversations with `text` in the visitor's name or mobile, a card's product, a message, or as their number. */
function searching(db: Db, text: string): RawBuilder<unknown> {
  // PostgreSQL's LIKE minds case; SQLite's does not (for Latin letters): ILIKE there.
  const like = sql.raw(isPostgres(db) ? 'ILIKE' : 'LIKE');
  const title = sql.raw(isPostgres(db) ? `k.body::jsonb ->> 'title'` : `json_extract(k.body, '$.title')`);
  const pattern = containing(text);
  // A mobile typed in groups (138 0000 1001) is found as stored.
  const digits = /^[\d\s()+-]+$/.test(text) ? containing(text.replace(/\D/g, '')) : pattern;
  // "访客 7", or a number that can be an id (PostgreSQL's INTEGER: a mobile is none).
  const number = Number(/^(?:访客\s*)?([1-9]\d{0,9})$/.exec(text)?.[1] ?? 0);
  const isId = number > 0 && number <= 2 ** 31 - 1;
  // CASE: only a card's body is JSON, and only it is read as such.
  return sql`(c.visitor_name ${like} ${pattern} ESCAPE '!' OR c.visitor_mobile ${like} ${digits} ESCAPE '!'
    ${isId ? sql`OR c.id = ${number}` : sql``}
    OR EXISTS (SELECT 1 FROM chat_messages k WHERE k.conversation_id = c.id
      AND (CASE k.kind WHEN 'text' THEN k.body WHEN 'card' THEN ${title} END) ${like} ${pattern} ESCAPE '!'))`;
}

/** The conditions a query puts on the conversations (`show` left to the caller). */
function narrowing(db: Db, query: InboxQuery): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (query.signedIn) parts.push(sql`c.user_id IS NOT NULL`);
  if (query.withCard)
    parts.push(sql`EXISTS (SELECT 1 FROM chat_messages k WHERE k.conversation_id = c.id AND k.kind = 'card')`);
  if (query.address) parts.push(sql`c.address = ${query.address}`);
  if (query.q) parts.push(searching(db, query.q));
  return sql.join(parts, sql` AND `);
}

/**
 * The rows of the list, narrow (id, place, address and its counts): each
 * conversation the query leaves, with `group_size` and `group_unanswered` of its
 * address; of an address with `FOLD_FROM` or more, only the newest. One
 * address's own list (`address`) folds nothing.
 */
function rowsOf(db: Db, query: InboxQuery): RawBuilder<unknown> {
  const only = query.show === 'unanswered' ? sql`AND l.sender = 'visitor'` : sql``;
  const matched = sql`SELECT c.id, c.updated_at, c.address, l.sender AS last_sender
    FROM ${WITH_LAST} WHERE ${narrowing(db, query)} ${only}`;
  if (query.address) return sql`SELECT m.*, 1 AS group_size, 0 AS group_unanswered FROM (${matched}) m`;
  // Conversations from before addresses were kept are each a group of their own.
  const key = sql.raw(`PARTITION BY coalesce(m.address, '#' || CAST(m.id AS TEXT))`);
  return sql`SELECT * FROM (SELECT m.*, count(*) OVER (${key}) AS group_size,
      sum(CASE WHEN m.last_sender = 'visitor' THEN 1 ELSE 0 END) OVER (${key}) AS group_unanswered,
      row_number() OVER (${key} ORDER BY m.updated_at DESC, m.id DESC) AS group_place
    FROM (${matched}) m) g WHERE g.group_size < ${FOLD_FROM} OR g.group_place = 1`;
}

export interface ListedPage<Row> {
  rows: Row[];
  from: number;
  total: number;
  unanswered: number;
  /** Rows of the list in all. */
  listed: number;
  older: string | null;
  newer: string | null;
}

type Place = readonly [number, number];
const place = (cursor: string) => cursor.split('-').map(Number) as unknown as Place;
const cursorOf = (row: ListedRow) => `${row.updated_at}-${row.id}`;

/**
 * A page of the list, newest activity first, after or before a place in that
 * order (`{updated_at}-{id}`). Two queries: the page, its rows chosen narrow
 * (each with its place in the list and the list's length), then read in full;
 * and the totals.
 */
export async function listInbox<Row extends ListedRow>(
  db: Db,
  query: InboxQuery,
  size: number,
): Promise<ListedPage<Row>> {
  const placed = sql`SELECT r.*, count(*) OVER () AS listed,
      row_number() OVER (ORDER BY r.updated_at DESC, r.id DESC) AS place
    FROM (${rowsOf(db, query)}) r`;
  const everything = sql`1 = 1`;
  const newerThan = ([updated, id]: Place) => sql`(r.updated_at, r.id) > (${updated}, ${id})`;
  const olderThan = ([updated, id]: Place) => sql`(r.updated_at, r.id) < (${updated}, ${id})`;
  const select = (where: RawBuilder<unknown>, order: 'ASC' | 'DESC', limit: number) => {
    const by = sql.raw(`ORDER BY r.updated_at ${order}, r.id ${order}`);
    return all(
      db,
      sql<Row & { listed: number; place: number }>`SELECT ${LAST_COLUMNS}, r.group_size, r.group_unanswered,
          r.listed, r.place, ${EXTRAS}
        FROM (SELECT * FROM (${placed}) r WHERE ${where} ${by} LIMIT ${limit}) r
        JOIN chat_conversations c ON c.id = r.id ${LAST_MESSAGE} ${by}`,
    );
  };

  let page: Array<Row & { listed: number; place: number }>;
  if (query.before) page = await select(olderThan(place(query.before)), 'DESC', size);
  else if (query.after) {
    // The page just newer than the place; when fewer are left, the newest page.
    const newer = await select(newerThan(place(query.after)), 'ASC', size + 1);
    page = newer.length > size ? newer.slice(0, size).reverse() : await select(everything, 'DESC', size);
  } else page = await select(everything, 'DESC', size);

  const first = page[0];
  const last = page.at(-1);
  // A page past the end (a stale place) says nothing of the list's length: asked apart.
  const listed = first
    ? Number(first.listed)
    : Number((await one(db, sql<{ n: number }>`SELECT count(*) AS n FROM (${rowsOf(db, query)}) r`))?.n ?? 0);
  const totals = (await one(
    db,
    sql<{ total: number; unanswered: number }>`SELECT count(*) AS total,
        coalesce(sum(CASE WHEN l.sender = 'visitor' THEN 1 ELSE 0 END), 0) AS unanswered
      FROM ${WITH_LAST} WHERE ${narrowing(db, query)}`,
  )) as { total: number; unanswered: number };
  return {
    rows: page,
    from: first ? Number(first.place) : 0,
    total: Number(totals.total),
    unanswered: Number(totals.unanswered),
    listed,
    older: last && Number(last.place) < listed ? cursorOf(last) : null,
    newer: first && Number(first.place) > 1 ? cursorOf(first) : null,
  };
}
