import type { Migration } from '../migrate';
import { execScript } from './schema';

/** What a company states when it is certified in the console. */
export const certification: Migration = {
  version: 4,
  name: 'company certification details',
  async up(db) {
    await execScript(
      db,
      `
      ALTER TABLE companies ADD COLUMN credit_code TEXT;
      ALTER TABLE companies ADD COLUMN legal_person TEXT;
      ALTER TABLE companies ADD COLUMN certified_at TEXT;
    `,
    );
  },
};
