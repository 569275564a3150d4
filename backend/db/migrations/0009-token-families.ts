import type { Migration } from '../migrate';
import { execScript } from './schema';

/**
 * Sessions remember the sign-in they descend from (their family): a refresh
 * token used twice means it was copied, and the whole family is revoked.
 */
export const tokenFamilies: Migration = {
  version: 9,
  name: 'session families',
  async up(db) {
    await execScript(
      db,
      `
      ALTER TABLE sessions ADD COLUMN family TEXT;
      UPDATE sessions SET family = 'f' || id;
      CREATE INDEX sessions_family ON sessions (family);
    `,
    );
  },
};
