import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { hashPasswordInTurn, verifyPassword } from '../accounts/passwords';
import { all, type Db, one, run } from '../db/query';
import { type Role, rolesFromText, rolesToText } from './roles';

/** How long a staff sign-in lasts: a working day. */
export const STAFF_SESSION_MS = 12 * 60 * 60 * 1000;
/** How long the first administrator's one-time code is good for. */
export const SETUP_CODE_MS = 24 * 60 * 60 * 1000;
/** The built-in agent CHAT_AGENT_PASSWORD signs in. */
export const BUILT_IN_AGENT_LOGIN = 'agent';

export interface StaffMember {
  id: number;
  login: string;
  name: string;
  roles: Role[];
  /** The built-in agent: its password is CHAT_AGENT_PASSWORD's, set at start, not in the studio. */
  builtIn: boolean;
  createdAt: number;
}

export interface StaffSession {
  /** The digest of the cookie's token: what the database keeps and the forms are bound to. */
  id: string;
  staff: StaffMember;
  expiresAt: number;
}

type StaffRow = { id: number; login: string; name: string; roles: string; built_in: number; created_at: number };

const member = (row: StaffRow): StaffMember => ({
  id: Number(row.id),
  login: row.login,
  name: row.name,
  roles: rolesFromText(row.roles),
  builtIn: Number(row.built_in) === 1,
  createdAt: Number(row.created_at),
});

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Staff accounts and their sessions. A session's cookie holds a random token;
 * the database keeps only its digest, so a copy of the database signs no one in.
 */
export class StaffStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async list(): Promise<StaffMember[]> {
    return (await all<StaffRow>(this.db, sql`SELECT * FROM staff ORDER BY built_in, id`)).map(member);
  }

  async byId(id: number): Promise<StaffMember | undefined> {
    const row = await one<StaffRow>(this.db, sql`SELECT * FROM staff WHERE id = ${id}`);
    return row && member(row);
  }

  async byLogin(login: string): Promise<StaffMember | undefined> {
    const row = await one<StaffRow>(this.db, sql`SELECT * FROM staff WHERE login = ${login.toLowerCase()}`);
    return row && member(row);
  }

  async administrators(): Promise<number> {
    const rows = await all<{ roles: string }>(this.db, sql`SELECT roles FROM staff`);
    return rows.filter((row) => rolesFromText(row.roles).includes('administrator')).length;
  }

  /** A new member; undefined when the login is taken. */
  async create(fields: { login: string; name: string; roles: Role[]; password: string; builtIn?: boolean }) {
    const hash = await hashPasswordInTurn(fields.password);
    const login = fields.login.toLowerCase();
    const added = await run(
      this.db,
      sql`INSERT INTO staff (login, name, password_hash, roles, built_in, created_at)
        VALUES (${login}, ${fields.name}, ${hash}, ${rolesToText(fields.roles)}, ${fields.builtIn ? 1 : 0}, ${this.now()})
        ON CONFLICT (login) DO NOTHING`,
    );
    return added ? this.byLogin(login) : undefined;
  }

  async update(id: number, fields: { name: string; roles: Role[] }): Promise<void> {
    await run(
      this.db,
      sql`UPDATE staff SET name = ${fields.name}, roles = ${rolesToText(fields.roles)} WHERE id = ${id}`,
    );
  }

  /** A new password, and every session of the member ended (whoever knew the old one is out). */
  async setPassword(id: number, password: string): Promise<void> {
    const hash = await hashPasswordInTurn(password);
    await run(this.db, sql`UPDATE staff SET password_hash = ${hash} WHERE id = ${id}`);
    await this.endSessionsOf(id);
  }

  /** The member whose login and password these are (checked in constant time for unknown logins too). */
  async check(login: string, password: string): Promise<StaffMember | undefined> {
    const row = await one<StaffRow & { password_hash: string }>(
      this.db,
      sql`SELECT * FROM staff WHERE login = ${login.toLowerCase()}`,
    );
    return (await verifyPassword(password, row?.password_hash)) && row ? member(row) : undefined;
  }

  /** Whether the stored password is this one (the built-in agent's, compared with the setting at start). */
  async hasPassword(id: number, password: string): Promise<boolean> {
    const row = await one<{ password_hash: string }>(this.db, sql`SELECT password_hash FROM staff WHERE id = ${id}`);
    return !!row && (await verifyPassword(password, row.password_hash));
  }

  /** A new session's token, for the cookie. */
  async startSession(staffId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    await run(this.db, sql`DELETE FROM staff_sessions WHERE expires_at <= ${now}`);
    await run(
      this.db,
      sql`INSERT INTO staff_sessions (id, staff_id, created_at, expires_at)
        VALUES (${digest(token)}, ${staffId}, ${now}, ${now + STAFF_SESSION_MS})`,
    );
    return token;
  }

  /** The session a cookie's token names, while it lasts. */
  async session(token: unknown): Promise<StaffSession | undefined> {
    if (typeof token !== 'string' || !/^[\w-]{43}$/.test(token)) return undefined;
    return this.sessionById(digest(token));
  }

  async sessionById(id: string): Promise<StaffSession | undefined> {
    const row = await one<StaffRow & { session_id: string; expires_at: number }>(
      this.db,
      sql`SELECT staff.*, staff_sessions.id AS session_id, staff_sessions.expires_at
        FROM staff_sessions JOIN staff ON staff.id = staff_sessions.staff_id
        WHERE staff_sessions.id = ${id} AND staff_sessions.expires_at > ${this.now()}`,
    );
    return row && { id: row.session_id, staff: member(row), expiresAt: Number(row.expires_at) };
  }

  async endSession(id: string): Promise<void> {
    await run(this.db, sql`DELETE FROM staff_sessions WHERE id = ${id}`);
  }

  async endSessionsOf(staffId: number): Promise<number> {
    return run(this.db, sql`DELETE FROM staff_sessions WHERE staff_id = ${staffId}`);
  }

  async openSessions(staffId: number): Promise<number> {
    const row = await one<{ n: number }>(
      this.db,
      sql`SELECT COUNT(*) AS n FROM staff_sessions WHERE staff_id = ${staffId} AND expires_at > ${this.now()}`,
    );
    return Number(row?.n ?? 0);
  }

  /**
   * A one-time code for the first administrator (kept as a digest). Earlier ones
   * stay good until they expire: each instance prints its own at start.
   */
  async newSetupCode(): Promise<string> {
    const code = randomBytes(18).toString('base64url');
    await run(this.db, sql`DELETE FROM staff_setup_codes WHERE expires_at <= ${this.now()}`);
    await run(
      this.db,
      sql`INSERT INTO staff_setup_codes (code_hash, expires_at) VALUES (${digest(code)}, ${this.now() + SETUP_CODE_MS})`,
    );
    return code;
  }

  async setupCodeValid(code: unknown): Promise<boolean> {
    if (typeof code !== 'string' || !/^[\w-]{24}$/.test(code)) return false;
    return !!(await one(
      this.db,
      sql`SELECT 1 AS valid FROM staff_setup_codes WHERE code_hash = ${digest(code)} AND expires_at > ${this.now()}`,
    ));
  }

  /** Uses the code up, with every other: true once, for the request that takes it. */
  async takeSetupCode(code: string): Promise<boolean> {
    if (!(await this.setupCodeValid(code))) return false;
    const taken = await run(this.db, sql`DELETE FROM staff_setup_codes WHERE code_hash = ${digest(code)}`);
    await run(this.db, sql`DELETE FROM staff_setup_codes`);
    return taken === 1;
  }
}
