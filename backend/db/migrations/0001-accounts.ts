import type { Migration } from '../migrate';
import { execScript, schemaWords } from './schema';

/** Companies, users and the account service's codes and sessions. */
export const accounts: Migration = {
  version: 1,
  name: 'accounts',
  async up(db, dialect) {
    const { id, ms, now } = schemaWords(dialect);
    const pg = dialect === 'postgres';
    // PostgreSQL checks a reference when it is declared: the circle companies <-> users closes after both exist.
    await execScript(
      db,
      `
      CREATE TABLE companies (
        id ${id},
        name TEXT NOT NULL,
        certified INTEGER NOT NULL DEFAULT 0 CHECK (certified IN (0, 1)),
        admin_user_id INTEGER${pg ? '' : ' REFERENCES users (id)'},
        created_at TEXT NOT NULL DEFAULT ${now}
      );
      CREATE TABLE users (
        id ${id},
        username TEXT NOT NULL UNIQUE${pg ? '' : ' COLLATE NOCASE'},
        password_hash TEXT NOT NULL,
        name TEXT NOT NULL,
        head_img TEXT NOT NULL DEFAULT '',
        mobile TEXT NOT NULL DEFAULT '',
        company_id INTEGER REFERENCES companies (id),
        created_at TEXT NOT NULL DEFAULT ${now}
      );
      ${pg ? 'ALTER TABLE companies ADD FOREIGN KEY (admin_user_id) REFERENCES users (id);' : ''}
      ${pg ? 'CREATE UNIQUE INDEX users_username_nocase ON users (lower(username));' : ''}
      -- Login codes: single use, bound to the application and the return address.
      CREATE TABLE auth_codes (
        code_hash TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        app_id TEXT NOT NULL,
        redirect_uri TEXT NOT NULL,
        expires_at ${ms} NOT NULL,
        used_at ${ms}
      );
      -- One row per sign-in; tokens are stored only as hashes.
      CREATE TABLE sessions (
        id ${id},
        user_id INTEGER NOT NULL REFERENCES users (id),
        app_id TEXT NOT NULL,
        access_hash TEXT NOT NULL UNIQUE,
        refresh_hash TEXT NOT NULL UNIQUE,
        access_expires_at ${ms} NOT NULL,
        refresh_expires_at ${ms} NOT NULL,
        revoked_at ${ms},
        created_at ${ms} NOT NULL
      );
      CREATE INDEX sessions_user ON sessions (user_id);
      CREATE INDEX auth_codes_expiry ON auth_codes (expires_at);
    `,
    );
  },
};
