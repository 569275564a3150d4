import type { Migration } from '../migrate';
import { execScript, schemaWords } from './schema';

/**
 * Drafts, revisions and scheduled publishing of the site's content. A draft is
 * the whole item as an editor left it (JSON), apart from what visitors see; a
 * revision is what was published, kept to restore. A news item not published
 * yet, or taken down, has a row that visitors are not shown (`visible` 0), so
 * its address is known while it is drafted.
 */
export const publishing: Migration = {
  version: 17,
  name: 'publishing',
  async up(db, dialect) {
    const { serial, ms, json } = schemaWords(dialect);
    await execScript(
      db,
      `
      ALTER TABLE news ADD COLUMN visible INTEGER NOT NULL DEFAULT 1;
      CREATE VIEW news_shown AS SELECT * FROM news WHERE visible = 1;
      CREATE TABLE content_drafts (
        kind TEXT NOT NULL,
        item_id INTEGER NOT NULL,
        data TEXT NOT NULL ${json('data')},
        updated_by INTEGER,
        updated_by_name TEXT NOT NULL,
        updated_at ${ms} NOT NULL,
        PRIMARY KEY (kind, item_id)
      );
      CREATE TABLE content_revisions (
        id ${serial},
        kind TEXT NOT NULL,
        item_id INTEGER NOT NULL,
        data TEXT NOT NULL ${json('data')},
        action TEXT NOT NULL,
        by_id INTEGER,
        by_name TEXT NOT NULL,
        at ${ms} NOT NULL
      );
      CREATE INDEX content_revisions_item ON content_revisions (kind, item_id, id);
      CREATE TABLE content_schedule (
        kind TEXT NOT NULL,
        item_id INTEGER NOT NULL,
        publish_at ${ms} NOT NULL,
        by_id INTEGER,
        by_name TEXT NOT NULL,
        PRIMARY KEY (kind, item_id)
      );
      CREATE INDEX content_schedule_due ON content_schedule (publish_at);
    `,
    );
  },
};
