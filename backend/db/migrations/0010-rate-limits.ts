import type { Migration } from '../migrate';
import { execScript, schemaWords } from './schema';

/**
 * Per-address and per-account counts of the rate limits, when instances share
 * the database (PostgreSQL): the sixth feedback post is refused whichever
 * instance takes it. One row per limiter and key, for one window.
 */
export const rateLimits: Migration = {
  version: 10,
  name: 'rate limits counted in the database',
  async up(db, dialect) {
    const { ms } = schemaWords(dialect);
    await execScript(
      db,
      `
      CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        hits INTEGER NOT NULL,
        reset_at ${ms} NOT NULL
      );
      CREATE INDEX rate_limits_reset_at ON rate_limits (reset_at);
    `,
    );
  },
};
