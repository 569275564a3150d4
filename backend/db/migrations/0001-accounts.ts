import type { Migration } from '../migrate';

/** Companies, users and the account service's codes and sessions. */
export const accounts: Migration = {
  version: 1,
  name: 'accounts',
  up(db) {
    db.exec(`
      CREATE TABLE companies (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        certified INTEGER NOT NULL DEFAULT 0 CHECK (certified IN (0, 1)),
        admin_user_id INTEGER REFERENCES users (id),
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      );
      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        username TEXT NOT NULL UNIQUE COLLATE NOCASE,
        password_hash TEXT NOT NULL,
        name TEXT NOT NULL,
        head_img TEXT NOT NULL DEFAULT '',
        mobile TEXT NOT NULL DEFAULT '',
        company_id INTEGER REFERENCES companies (id),
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      );
      -- Login codes: single use, bound to the application and the return address.
      CREATE TABLE auth_codes (
        code_hash TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        app_id TEXT NOT NULL,
        redirect_uri TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      );
      -- One row per sign-in; tokens are stored only as hashes.
      CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        app_id TEXT NOT NULL,
        access_hash TEXT NOT NULL UNIQUE,
        refresh_hash TEXT NOT NULL UNIQUE,
        access_expires_at INTEGER NOT NULL,
        refresh_expires_at INTEGER NOT NULL,
        revoked_at INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX sessions_user ON sessions (user_id);
      CREATE INDEX auth_codes_expiry ON auth_codes (expires_at);
    `);
  },
};
