import { sql } from 'kysely';
import { all, type Db, one, run } from '../db/query';

/** The kinds of content the studio edits: the `kind` of their drafts, revisions and schedule. */
export type ContentKind =
  | 'news'
  | 'news-category'
  | 'innovation-category'
  | 'help'
  | 'info'
  | 'section'
  | 'friendly-link'
  | 'film'
  | 'topic'
  | 'common'
  | 'product'
  | 'product-category'
  | 'solution'
  | 'case'
  | 'agreement';

/** Who did something, as the records keep it (a member may be renamed later: the name is kept as it was). */
export interface Author {
  id: number;
  name: string;
}

export interface Draft<T> {
  data: T;
  updatedBy: string;
  updatedAt: number;
}

export interface Revision<T> {
  id: number;
  data: T;
  /** `published`, `restored`, `unpublished`. */
  action: string;
  byName: string;
  at: number;
}

type RevisionRow = { id: number; data: string; action: string; by_name: string; at: number };

const revisionOf = <T>(row: RevisionRow): Revision<T> => ({
  id: Number(row.id),
  data: JSON.parse(row.data) as T,
  action: row.action,
  byName: row.by_name,
  at: Number(row.at),
});

/**
 * Drafts, revisions and the publishing schedule of every content kind: what
 * editors left, what was published (to restore), and what publishes itself at
 * a time. An item's data is kept whole, as JSON, in each.
 */
export class ContentDrafts {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async draft<T>(kind: ContentKind, id: number): Promise<Draft<T> | undefined> {
    const row = await one<{ data: string; updated_by_name: string; updated_at: number }>(
      this.db,
      sql`SELECT data, updated_by_name, updated_at FROM content_drafts WHERE kind = ${kind} AND item_id = ${id}`,
    );
    return (
      row && { data: JSON.parse(row.data) as T, updatedBy: row.updated_by_name, updatedAt: Number(row.updated_at) }
    );
  }

  /** The items of a kind that have a draft, by id. */
  async drafted(kind: ContentKind): Promise<Map<number, Draft<unknown>>> {
    const rows = await all<{ item_id: number; data: string; updated_by_name: string; updated_at: number }>(
      this.db,
      sql`SELECT item_id, data, updated_by_name, updated_at FROM content_drafts WHERE kind = ${kind}`,
    );
    return new Map(
      rows.map((row) => [
        Number(row.item_id),
        { data: JSON.parse(row.data), updatedBy: row.updated_by_name, updatedAt: Number(row.updated_at) },
      ]),
    );
  }

  async saveDraft(kind: ContentKind, id: number, data: unknown, by: Author): Promise<void> {
    const json = JSON.stringify(data);
    await run(
      this.db,
      sql`INSERT INTO content_drafts (kind, item_id, data, updated_by, updated_by_name, updated_at)
        VALUES (${kind}, ${id}, ${json}, ${by.id}, ${by.name}, ${this.now()})
        ON CONFLICT (kind, item_id) DO UPDATE SET data = ${json}, updated_by = ${by.id},
          updated_by_name = ${by.name}, updated_at = ${this.now()}`,
    );
  }

  async discardDraft(kind: ContentKind, id: number): Promise<void> {
    await run(this.db, sql`DELETE FROM content_drafts WHERE kind = ${kind} AND item_id = ${id}`);
  }

  async addRevision(kind: ContentKind, id: number, data: unknown, action: string, by: Author): Promise<void> {
    await run(
      this.db,
      sql`INSERT INTO content_revisions (kind, item_id, data, action, by_id, by_name, at)
        VALUES (${kind}, ${id}, ${JSON.stringify(data)}, ${action}, ${by.id}, ${by.name}, ${this.now()})`,
    );
  }

  /** An item's revisions, newest first. */
  async revisions<T>(kind: ContentKind, id: number): Promise<Revision<T>[]> {
    const rows = await all<RevisionRow>(
      this.db,
      sql`SELECT id, data, action, by_name, at FROM content_revisions
        WHERE kind = ${kind} AND item_id = ${id} ORDER BY id DESC LIMIT 50`,
    );
    return rows.map((row) => revisionOf<T>(row));
  }

  async revision<T>(kind: ContentKind, id: number, revisionId: number): Promise<Revision<T> | undefined> {
    const row = await one<RevisionRow>(
      this.db,
      sql`SELECT id, data, action, by_name, at FROM content_revisions
        WHERE id = ${revisionId} AND kind = ${kind} AND item_id = ${id}`,
    );
    return row && revisionOf<T>(row);
  }

  async schedule(kind: ContentKind, id: number, at: number, by: Author): Promise<void> {
    await run(
      this.db,
      sql`INSERT INTO content_schedule (kind, item_id, publish_at, by_id, by_name) VALUES (${kind}, ${id}, ${at}, ${by.id}, ${by.name})
        ON CONFLICT (kind, item_id) DO UPDATE SET publish_at = ${at}, by_id = ${by.id}, by_name = ${by.name}`,
    );
  }

  async scheduled(kind: ContentKind, id: number): Promise<number | undefined> {
    const row = await one<{ publish_at: number }>(
      this.db,
      sql`SELECT publish_at FROM content_schedule WHERE kind = ${kind} AND item_id = ${id}`,
    );
    return row && Number(row.publish_at);
  }

  async unschedule(kind: ContentKind, id: number): Promise<void> {
    await run(this.db, sql`DELETE FROM content_schedule WHERE kind = ${kind} AND item_id = ${id}`);
  }

  /**
   * Takes the items whose time has come, each once across every instance: the
   * row is deleted by whoever takes it (`RETURNING`), so two instances never
   * publish the same item twice.
   */
  async takeDue(): Promise<Array<{ kind: ContentKind; id: number; by: Author }>> {
    const rows = await all<{ kind: ContentKind; item_id: number; by_id: number; by_name: string }>(
      this.db,
      sql`DELETE FROM content_schedule WHERE publish_at <= ${this.now()} RETURNING kind, item_id, by_id, by_name`,
    );
    return rows.map((row) => ({
      kind: row.kind,
      id: Number(row.item_id),
      by: { id: Number(row.by_id), name: row.by_name },
    }));
  }
}
