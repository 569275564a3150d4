import type { Migration } from '../migrate';
import { execScript } from './schema';

/**
 * A login code made from a sign-in the browser already has (the account
 * service's sign-in page finding it in the hub's storage) remembers that
 * sign-in's family, so the session it opens belongs to the same sign-in: one
 * sign-out ends it on the portal and the console alike.
 */
export const codeFamilies: Migration = {
  version: 11,
  name: 'login code family',
  async up(db) {
    await execScript(
      db,
      `
      ALTER TABLE auth_codes ADD COLUMN family TEXT;
    `,
    );
  },
};
