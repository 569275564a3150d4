import { type RawBuilder, sql } from 'kysely';
import type { Feedback } from '../../contract/feedback';
import { all, type Db, one, run } from '../db/query';

export interface StoredFeedback extends Feedback {
  id: number;
  page: string | null;
  createdAt: string;
}

/** Feedback as the studio's desk sees it: whether, when and by whom it was handled, and the note. */
export interface DeskFeedback extends StoredFeedback {
  handledAt: string | null;
  handledBy: string | null;
  handledNote: string;
}

/** Which feedback the desk lists. */
export type FeedbackShown = 'unhandled' | 'handled' | 'all';

export type HandleResult = { handled: true } | { already: DeskFeedback } | { missing: true };

const DESK_COLUMNS =
  sql.raw(`id, topic, content, contact_name AS "contactName", contact, page, created_at AS "createdAt",
  handled_at AS "handledAt", handled_by_name AS "handledBy", handled_note AS "handledNote"`);

const shownWhere = (shown: FeedbackShown): RawBuilder<unknown> =>
  shown === 'unhandled' ? sql`handled_at IS NULL` : shown === 'handled' ? sql`handled_at IS NOT NULL` : sql`1 = 1`;

/** Visitor feedback, kept for the service team. */
export class FeedbackStore {
  constructor(private readonly db: Db) {}

  async add(entry: Feedback, page: string | null = null): Promise<number> {
    const row = await one(
      this.db,
      sql<{ id: number }>`INSERT INTO feedback (topic, content, contact_name, contact, page, created_at)
        VALUES (${entry.topic}, ${entry.content}, ${entry.contactName}, ${entry.contact}, ${page}, ${new Date().toISOString()})
        RETURNING id`,
    );
    return Number(row?.id);
  }

  latest(limit = 20): Promise<StoredFeedback[]> {
    return all(
      this.db,
      sql<StoredFeedback>`SELECT id, topic, content, contact_name AS "contactName", contact, page, created_at AS "createdAt"
        FROM feedback ORDER BY id DESC LIMIT ${limit}`,
    );
  }

  /** The desk's list, newest first: at most `limit` from `offset`, and how many there are in all. */
  async list(shown: FeedbackShown, limit: number, offset = 0): Promise<{ list: DeskFeedback[]; total: number }> {
    const [list, counted] = await Promise.all([
      all(
        this.db,
        sql<DeskFeedback>`SELECT ${DESK_COLUMNS} FROM feedback WHERE ${shownWhere(shown)}
          ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`,
      ),
      one(this.db, sql<{ n: number }>`SELECT count(*) AS n FROM feedback WHERE ${shownWhere(shown)}`),
    ]);
    return { list: list.map((row) => ({ ...row, id: Number(row.id) })), total: Number(counted?.n ?? 0) };
  }

  async byId(id: number): Promise<DeskFeedback | undefined> {
    const row = await one(this.db, sql<DeskFeedback>`SELECT ${DESK_COLUMNS} FROM feedback WHERE id = ${id}`);
    return row && { ...row, id: Number(row.id) };
  }

  /** Marks an entry handled, once: the second of two staff handling it at once is told who was first. */
  async handle(id: number, by: { id: number; name: string }, note: string, now = new Date()): Promise<HandleResult> {
    const changed = await run(
      this.db,
      sql`UPDATE feedback SET handled_at = ${now.toISOString()}, handled_by_id = ${by.id}, handled_by_name = ${by.name},
          handled_note = ${note} WHERE id = ${id} AND handled_at IS NULL`,
    );
    if (changed) return { handled: true };
    const entry = await this.byId(id);
    return entry ? { already: entry } : { missing: true };
  }

  async countUnhandled(): Promise<number> {
    return Number(
      (await one(this.db, sql<{ n: number }>`SELECT count(*) AS n FROM feedback WHERE handled_at IS NULL`))?.n ?? 0,
    );
  }
}
