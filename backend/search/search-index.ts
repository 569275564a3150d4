import { sql } from 'kysely';
import sanitizeHtml from 'sanitize-html';

import { SEARCH_TYPES, type SearchType } from '../../contract/search';
import { all, type Db, one } from '../db/query';

/** sanitize-html escapes these when it writes text; undo it for the index, which stores plain text. */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The readable text of stored rich text: tags dropped, block boundaries kept as spaces. */
export function plainText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|h\d|li|td|div)>|<br\s*\/?>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

const SOURCES: Record<SearchType, string> = {
  product: 'SELECT id, name AS title, summary, description_html AS html FROM products',
  solution: `SELECT id, title, industry || ' ' || summary AS summary, content_html AS html FROM solutions`,
  case: `SELECT id, title, customer || ' ' || industry || ' ' || summary AS summary, content_html AS html FROM cases`,
  news: 'SELECT id, title, summary, content_html AS html FROM news',
};

/** Fills the index again from the content tables (in the caller's transaction). */
export async function rebuildSearchIndex(db: Db): Promise<void> {
  await sql`DELETE FROM search_index`.execute(db);
  for (const type of SEARCH_TYPES) {
    const rows = await all(
      db,
      sql<{ id: number; title: string; summary: string; html: string }>`${sql.raw(SOURCES[type])} ORDER BY id`,
    );
    // One by one, in the sources' order: that order is the index's own (its row ids), which ranks ties.
    for (const row of rows)
      await sql`INSERT INTO search_index (type, ref, title, body)
        VALUES (${type}, ${row.id}, ${row.title}, ${`${row.summary} ${plainText(row.html)}`})`.execute(db);
  }
}

/**
 * One item's row made again after it was published, changed or taken down: gone
 * while visitors are not shown it (an item not published, or taken down).
 */
export async function reindexItem(db: Db, type: SearchType, id: number): Promise<void> {
  await sql`DELETE FROM search_index WHERE type = ${type} AND ref = ${id}`.execute(db);
  const row = await one(
    db,
    sql<{
      id: number;
      title: string;
      summary: string;
      html: string;
    }>`${sql.raw(SOURCES[type])} WHERE id = ${id} AND visible = 1`,
  );
  if (row)
    await sql`INSERT INTO search_index (type, ref, title, body)
      VALUES (${type}, ${row.id}, ${row.title}, ${`${row.summary} ${plainText(row.html)}`})`.execute(db);
}
