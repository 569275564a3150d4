import type { Migration } from '../migrate';
import { execScript } from './schema';

/** A login code remembers the PKCE challenge its sign-in was started with (RFC 7636, S256). */
export const pkce: Migration = {
  version: 8,
  name: 'login code challenge',
  async up(db) {
    await execScript(db, 'ALTER TABLE auth_codes ADD COLUMN code_challenge TEXT;');
  },
};
