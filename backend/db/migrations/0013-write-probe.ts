import type { Migration } from '../migrate';
import { execScript } from './schema';

/**
 * Where the readiness probe tries a write after one failed (a full disk): a row
 * large enough to need a page of its own, written and deleted at once. Reads
 * alone cannot tell that writes work again.
 */
export const writeProbe: Migration = {
  version: 13,
  name: 'write probe',
  async up(db) {
    await execScript(db, 'CREATE TABLE write_probe (id INTEGER PRIMARY KEY, filler TEXT NOT NULL);');
  },
};
