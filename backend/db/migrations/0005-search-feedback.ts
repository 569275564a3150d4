import { rebuildSearchIndex } from '../../search/search-index';
import type { Migration } from '../migrate';
import { execScript, schemaWords } from './schema';

/**
 * Site search and visitor feedback. Chinese text has no spaces between words,
 * so the index matches by substring through trigrams: on SQLite a trigram FTS5
 * table, on PostgreSQL a plain table with pg_trgm GIN indexes on its title and
 * text. It is filled from the content tables here and again whenever content
 * is re-seeded.
 */
export const searchAndFeedback: Migration = {
  version: 5,
  name: 'site search index and feedback',
  async up(db, dialect) {
    const { id } = schemaWords(dialect);
    const index =
      dialect === 'postgres'
        ? `
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE TABLE search_index (
        id ${id},
        type TEXT NOT NULL,
        ref INTEGER NOT NULL,
        title TEXT NOT NULL,
        body TEXT NOT NULL
      );
      CREATE INDEX search_index_title ON search_index USING gin (title gin_trgm_ops);
      CREATE INDEX search_index_body ON search_index USING gin (body gin_trgm_ops);`
        : `
      CREATE VIRTUAL TABLE search_index USING fts5(
        type UNINDEXED,
        ref UNINDEXED,
        title,
        body,
        tokenize = 'trigram'
      );`;
    await execScript(
      db,
      `${index}
      CREATE TABLE feedback (
        id ${id},
        topic TEXT NOT NULL,
        content TEXT NOT NULL,
        contact_name TEXT NOT NULL,
        contact TEXT NOT NULL,
        page TEXT,
        created_at TEXT NOT NULL
      );
      UPDATE settings SET value = '"/feedback?topic=survey"' WHERE key = 'wjUrl';
    `,
    );
    await rebuildSearchIndex(db);
  },
};
