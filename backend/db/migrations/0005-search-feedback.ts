import { rebuildSearchIndex } from '../../search/search-index';
import type { Migration } from '../migrate';

/**
 * Site search and visitor feedback. The search index is a trigram FTS5 table,
 * so Chinese text (no spaces between words) matches by substring; it is filled
 * from the content tables here and again whenever content is re-seeded.
 */
export const searchAndFeedback: Migration = {
  version: 5,
  name: 'site search index and feedback',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE search_index USING fts5(
        type UNINDEXED,
        ref UNINDEXED,
        title,
        body,
        tokenize = 'trigram'
      );
      CREATE TABLE feedback (
        id INTEGER PRIMARY KEY,
        topic TEXT NOT NULL,
        content TEXT NOT NULL,
        contact_name TEXT NOT NULL,
        contact TEXT NOT NULL,
        page TEXT,
        created_at TEXT NOT NULL
      );
      UPDATE settings SET value = json('"/feedback?topic=survey"') WHERE key = 'wjUrl';
    `);
    rebuildSearchIndex(db);
  },
};
