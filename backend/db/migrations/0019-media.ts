import type { Migration } from '../migrate';
import { execScript, schemaWords } from './schema';

/**
 * The media library: one row per uploaded image (what pages need to show it,
 * who uploaded it), and on PostgreSQL the variants' bytes (`media_files`), so
 * every instance reads them and a dump of the database holds them. On SQLite
 * the variants are files in `DATA_DIR/media` (or `MEDIA_DIR`) and this table stays empty.
 */
export const media: Migration = {
  version: 19,
  name: 'media',
  async up(db, dialect) {
    const { ms } = schemaWords(dialect);
    const bytes = dialect === 'postgres' ? 'BYTEA' : 'BLOB';
    await execScript(
      db,
      `
      CREATE TABLE media (
        id TEXT PRIMARY KEY,
        file_name TEXT NOT NULL,
        alt TEXT NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        fallback TEXT NOT NULL,
        upload_bytes INTEGER NOT NULL,
        uploaded_by INTEGER,
        uploaded_by_name TEXT NOT NULL,
        uploaded_at ${ms} NOT NULL
      );
      CREATE INDEX media_newest ON media (uploaded_at);
      CREATE TABLE media_files (
        name TEXT PRIMARY KEY,
        body ${bytes} NOT NULL
      );
    `,
    );
  },
};
