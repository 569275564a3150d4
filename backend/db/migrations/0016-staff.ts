import type { Migration } from '../migrate';
import { execScript, schemaWords } from './schema';

/**
 * The site's staff, apart from its customers: their accounts and roles, the
 * sessions they are signed in with (in the database, so a restart and every
 * instance keep them, and ending one ends it everywhere), a one-time code that
 * lets the first administrator in, and the log of what staff did.
 */
export const staff: Migration = {
  version: 16,
  name: 'staff',
  async up(db, dialect) {
    const { id, serial, ms, json } = schemaWords(dialect);
    await execScript(
      db,
      `
      CREATE TABLE staff (
        id ${id},
        login TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        roles TEXT NOT NULL,
        built_in INTEGER NOT NULL DEFAULT 0,
        created_at ${ms} NOT NULL
      );
      CREATE TABLE staff_sessions (
        id TEXT PRIMARY KEY,
        staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        created_at ${ms} NOT NULL,
        expires_at ${ms} NOT NULL
      );
      CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);
      CREATE INDEX staff_sessions_expires_at ON staff_sessions (expires_at);
      CREATE TABLE staff_setup_codes (
        code_hash TEXT PRIMARY KEY,
        expires_at ${ms} NOT NULL
      );
      CREATE TABLE staff_audit (
        id ${serial},
        at ${ms} NOT NULL,
        staff_id INTEGER,
        staff_name TEXT NOT NULL,
        action TEXT NOT NULL,
        subject TEXT NOT NULL DEFAULT '',
        detail TEXT NOT NULL DEFAULT '{}' ${json('detail')}
      );
      CREATE INDEX staff_audit_at ON staff_audit (at);
    `,
    );
  },
};
