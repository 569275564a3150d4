import type { Migration } from '../migrate';
import { execScript, schemaWords } from './schema';

/**
 * A session remembers when a refresh traded it and for which session: a refresh
 * sent again because its answer was lost (a network error) is told from a
 * stolen copy by that, within a short grace (AccountStore.refresh).
 */
export const refreshGrace: Migration = {
  version: 14,
  name: 'refresh grace',
  async up(db, dialect) {
    const { ms } = schemaWords(dialect);
    await execScript(
      db,
      `
      ALTER TABLE sessions ADD COLUMN traded_at ${ms};
      ALTER TABLE sessions ADD COLUMN replaced_by INTEGER;
    `,
    );
  },
};
