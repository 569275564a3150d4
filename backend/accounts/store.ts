import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connection';

export interface UserRow {
  id: number;
  username: string;
  password_hash: string;
  name: string;
  head_img: string;
  mobile: string;
  company_id: number | null;
}

export interface CompanyRow {
  id: number;
  name: string;
  certified: 0 | 1;
  admin_user_id: number | null;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds. */
  expiresIn: number;
}

export const CODE_TTL_MS = 60_000;
export const ACCESS_TTL_MS = 2 * 60 * 60 * 1000;
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** PKCE S256 (RFC 7636): the challenge is the verifier's SHA-256, base64url. */
const verifies = (verifier: string | undefined, challenge: string) =>
  verifier !== undefined && createHash('sha256').update(verifier).digest('base64url') === challenge;

const secret = (prefix: string) => `${prefix}_${randomBytes(32).toString('base64url')}`;
/** Only hashes are stored: a copy of the database gives no working token. */
export const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The account service's data: users, companies, login codes and sessions. */
export class AccountStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  userByName(username: string): UserRow | undefined {
    return this.db.prepare('SELECT * FROM users WHERE username = ?').get(username) as UserRow | undefined;
  }

  user(id: number): UserRow | undefined {
    return this.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
  }

  company(id: number): CompanyRow | undefined {
    return this.db.prepare('SELECT * FROM companies WHERE id = ?').get(id) as CompanyRow | undefined;
  }

  /**
   * A single-use login code; `challenge` is the sign-in's PKCE code challenge
   * (S256), when it gave one; `family`: the sign-in it continues, when it was made
   * from one the browser already had (`sessionFamily`).
   */
  createCode(userId: number, appId: string, redirectUri: string, challenge?: string, family?: string): string {
    const code = secret('zc');
    this.db
      .prepare(
        'INSERT INTO auth_codes (code_hash, user_id, app_id, redirect_uri, expires_at, code_challenge, family) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(digest(code), userId, appId, redirectUri, this.now() + CODE_TTL_MS, challenge ?? null, family ?? null);
    return code;
  }

  /** The sign-in (family) a valid access token of `appId` belongs to, with its user. */
  sessionFamily(accessToken: string, appId: string): { userId: number; family: string } | undefined {
    const row = this.db
      .prepare(
        `SELECT user_id, family FROM sessions
         WHERE access_hash = ? AND revoked_at IS NULL AND access_expires_at > ? AND app_id = ?`,
      )
      .get(digest(accessToken), this.now(), appId) as { user_id: number; family: string } | undefined;
    return row && { userId: row.user_id, family: row.family };
  }

  /**
   * Uses a login code once: it must be unused, unexpired and bound to the same
   * app and return address, and, when its sign-in gave a PKCE challenge, come
   * with the verifier that hashes to it. Returns the user it was issued for.
   */
  consumeCode(code: string, appId: string, redirectUri: string, verifier?: string): number | undefined {
    return this.redeemCode(code, appId, redirectUri, verifier)?.userId;
  }

  /** `consumeCode`, with the sign-in the code continues, if it was made from one (`createCode`'s `family`). */
  redeemCode(
    code: string,
    appId: string,
    redirectUri: string,
    verifier?: string,
  ): { userId: number; family?: string } | undefined {
    return this.db.transaction(() => {
      const row = this.db.prepare('SELECT * FROM auth_codes WHERE code_hash = ?').get(digest(code)) as
        | {
            user_id: number;
            app_id: string;
            redirect_uri: string;
            expires_at: number;
            used_at: number | null;
            code_challenge: string | null;
            family: string | null;
          }
        | undefined;
      if (!row || row.used_at !== null) return undefined;
      // Spent even when the rest does not match: a guessed pairing gets one try.
      this.db.prepare('UPDATE auth_codes SET used_at = ? WHERE code_hash = ?').run(this.now(), digest(code));
      if (row.expires_at < this.now() || row.app_id !== appId || row.redirect_uri !== redirectUri) return undefined;
      if (row.code_challenge !== null && !verifies(verifier, row.code_challenge)) return undefined;
      // A verifier for a sign-in started without a challenge: someone else's code
      // offered as this client's own (PKCE downgrade, RFC 9700 §2.1.1).
      if (row.code_challenge === null && verifier !== undefined) return undefined;
      return { userId: row.user_id, family: row.family ?? undefined };
    })();
  }

  /** A new session for a sign-in (a new family), or for a refresh (`family`: the one it continues). */
  createSession(userId: number, appId: string, family = secret('zfm')): IssuedTokens {
    const accessToken = secret('zat');
    const refreshToken = secret('zrt');
    const now = this.now();
    this.db
      .prepare(
        `INSERT INTO sessions (user_id, app_id, access_hash, refresh_hash, access_expires_at, refresh_expires_at, created_at, family)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        userId,
        appId,
        digest(accessToken),
        digest(refreshToken),
        now + ACCESS_TTL_MS,
        now + REFRESH_TTL_MS,
        now,
        family,
      );
    return { accessToken, refreshToken, expiresIn: ACCESS_TTL_MS / 1000 };
  }

  /**
   * The user behind a valid (unexpired, unrevoked) access token issued to
   * `appId`: a token another application was given does not open this one.
   * `null`: any application's (the account service's own user information).
   */
  userByAccessToken(accessToken: string, appId: string | null): UserRow | undefined {
    return this.db
      .prepare(
        `SELECT users.* FROM sessions JOIN users ON users.id = sessions.user_id
         WHERE sessions.access_hash = ? AND sessions.revoked_at IS NULL AND sessions.access_expires_at > ?
           AND (? IS NULL OR sessions.app_id = ?)`,
      )
      .get(digest(accessToken), this.now(), appId, appId) as UserRow | undefined;
  }

  /**
   * Trades a refresh token for a new pair; the old pair stops working
   * (rotation). A refresh token that was already traded is a stolen copy being
   * replayed, or the original after the thief's: either way every session of its
   * family is revoked, so whoever holds the newer tokens must sign in again.
   */
  refresh(refreshToken: string): IssuedTokens | undefined {
    return this.db.transaction(() => {
      const session = this.db
        .prepare(
          'SELECT id, user_id, app_id, family, revoked_at, refresh_expires_at FROM sessions WHERE refresh_hash = ?',
        )
        .get(digest(refreshToken)) as
        | {
            id: number;
            user_id: number;
            app_id: string;
            family: string;
            revoked_at: number | null;
            refresh_expires_at: number;
          }
        | undefined;
      if (!session) return undefined;
      if (session.revoked_at !== null) {
        this.db
          .prepare('UPDATE sessions SET revoked_at = ? WHERE family = ? AND revoked_at IS NULL')
          .run(this.now(), session.family);
        return undefined;
      }
      if (session.refresh_expires_at <= this.now()) return undefined;
      this.db.prepare('UPDATE sessions SET revoked_at = ? WHERE id = ?').run(this.now(), session.id);
      return this.createSession(session.user_id, session.app_id, session.family);
    })();
  }

  /** Ends the session of an access token; unknown tokens are ignored. */
  revoke(accessToken: string): void {
    this.db
      .prepare('UPDATE sessions SET revoked_at = ? WHERE access_hash = ? AND revoked_at IS NULL')
      .run(this.now(), digest(accessToken));
  }

  /**
   * Signs out: ends every session of the access token's sign-in (its family), so
   * the portal and the console, which share one sign-in, are both signed out.
   */
  revokeSignIn(accessToken: string): void {
    this.db
      .prepare(
        `UPDATE sessions SET revoked_at = ?
         WHERE family = (SELECT family FROM sessions WHERE access_hash = ?) AND revoked_at IS NULL`,
      )
      .run(this.now(), digest(accessToken));
  }
}
