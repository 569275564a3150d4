import type { Migration } from '../migrate';
import { execScript } from './schema';

/**
 * An order's total as large as the form allows (the dearest price times 999):
 * beyond 32 bits, so a 64-bit column on PostgreSQL. SQLite's integers are 64-bit
 * already.
 */
export const orderTotals: Migration = {
  version: 22,
  name: 'order totals in 64 bits',
  async up(db, dialect) {
    if (dialect === 'postgres') await execScript(db, 'ALTER TABLE orders ALTER COLUMN total_fen TYPE BIGINT');
  },
};
