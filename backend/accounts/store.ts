import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type Db, one, run } from '../db/query';

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
/** How long after its trade a refresh token may come back as a retry rather than a theft (see `refresh`). */
export const REFRESH_GRACE_MS = 30_000;

/** PKCE S256 (RFC 7636): the challenge is the verifier's SHA-256, base64url. */
const verifies = (verifier: string | undefined, challenge: string) =>
  verifier !== undefined && createHash('sha256').update(verifier).digest('base64url') === challenge;

const secret = (prefix: string) => `${prefix}_${randomBytes(32).toString('base64url')}`;
/** Only hashes are stored: a copy of the database gives no working token. */
export const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

interface CodeRow {
  user_id: number;
  app_id: string;
  redirect_uri: string;
  expires_at: number;
  used_at: number | null;
  code_challenge: string | null;
  family: string | null;
}

interface SessionRow {
  id: number;
  user_id: number;
  app_id: string;
  family: string;
  revoked_at: number | null;
  refresh_expires_at: number;
}

/**
 * The account service's data: users, companies, login codes and sessions.
 * One file past 250 lines on purpose: codes, sessions and refresh rotation
 * share one token family and its hashing; split, the rules of a sign-in's
 * life would be read in three places.
 */
export class AccountStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Names are unique whatever their (ASCII) case, as users type them. */
  userByName(username: string): Promise<UserRow | undefined> {
    return one(this.db, sql<UserRow>`SELECT * FROM users WHERE lower(username) = lower(${username})`);
  }

  user(id: number): Promise<UserRow | undefined> {
    return one(this.db, sql<UserRow>`SELECT * FROM users WHERE id = ${id}`);
  }

  company(id: number): Promise<CompanyRow | undefined> {
    return one(this.db, sql<CompanyRow>`SELECT * FROM companies WHERE id = ${id}`);
  }

  /**
   * A single-use login code; `challenge` is the sign-in's PKCE code challenge
   * (S256), when it gave one; `family`: the sign-in it continues, when it was made
   * from one the browser already had (`sessionFamily`).
   */
  async createCode(
    userId: number,
    appId: string,
    redirectUri: string,
    challenge?: string,
    family?: string,
  ): Promise<string> {
    const code = secret('zc');
    await sql`INSERT INTO auth_codes (code_hash, user_id, app_id, redirect_uri, expires_at, code_challenge, family)
      VALUES (${digest(code)}, ${userId}, ${appId}, ${redirectUri}, ${this.now() + CODE_TTL_MS}, ${challenge ?? null},
              ${family ?? null})`.execute(this.db);
    return code;
  }

  /** The sign-in (family) a valid access token of `appId` belongs to, with its user. */
  async sessionFamily(accessToken: string, appId: string): Promise<{ userId: number; family: string } | undefined> {
    const row = await one(
      this.db,
      sql<{ user_id: number; family: string }>`SELECT user_id, family FROM sessions
        WHERE access_hash = ${digest(accessToken)} AND revoked_at IS NULL
          AND access_expires_at > ${this.now()} AND app_id = ${appId}`,
    );
    return row && { userId: row.user_id, family: row.family };
  }

  /**
   * Uses a login code once: it must be unused, unexpired and bound to the same
   * app and return address, and, when its sign-in gave a PKCE challenge, come
   * with the verifier that hashes to it. Returns the user it was issued for.
   */
  async consumeCode(code: string, appId: string, redirectUri: string, verifier?: string): Promise<number | undefined> {
    return (await this.redeemCode(code, appId, redirectUri, verifier))?.userId;
  }

  /** `consumeCode`, with the sign-in the code continues, if it was made from one (`createCode`'s `family`). */
  redeemCode(
    code: string,
    appId: string,
    redirectUri: string,
    verifier?: string,
  ): Promise<{ userId: number; family?: string } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await one(trx, sql<CodeRow>`SELECT * FROM auth_codes WHERE code_hash = ${digest(code)}`);
      if (!row || row.used_at !== null) return undefined;
      // Spent even when the rest does not match: a guessed pairing gets one try. Only one of
      // two uses at once spends it: the other finds it used (PostgreSQL runs them side by side).
      const spent = await run(
        trx,
        sql`UPDATE auth_codes SET used_at = ${this.now()} WHERE code_hash = ${digest(code)} AND used_at IS NULL`,
      );
      if (spent !== 1) return undefined;
      if (Number(row.expires_at) < this.now() || row.app_id !== appId || row.redirect_uri !== redirectUri)
        return undefined;
      if (row.code_challenge !== null && !verifies(verifier, row.code_challenge)) return undefined;
      // A verifier for a sign-in started without a challenge: someone else's code
      // offered as this client's own (PKCE downgrade, RFC 9700 §2.1.1).
      if (row.code_challenge === null && verifier !== undefined) return undefined;
      return { userId: row.user_id, family: row.family ?? undefined };
    });
  }

  /** A new session for a sign-in (a new family), or for a refresh (`family`: the one it continues). */
  async createSession(userId: number, appId: string, family = secret('zfm'), db = this.db): Promise<IssuedTokens> {
    return (await this.newSession(userId, appId, family, db)).tokens;
  }

  private async newSession(userId: number, appId: string, family: string, db: Db) {
    const accessToken = secret('zat');
    const refreshToken = secret('zrt');
    const now = this.now();
    const row = await one(
      db,
      sql<{
        id: number;
      }>`INSERT INTO sessions (user_id, app_id, access_hash, refresh_hash, access_expires_at, refresh_expires_at, created_at, family)
        VALUES (${userId}, ${appId}, ${digest(accessToken)}, ${digest(refreshToken)}, ${now + ACCESS_TTL_MS},
                ${now + REFRESH_TTL_MS}, ${now}, ${family})
        RETURNING id`,
    );
    return { id: Number(row?.id), tokens: { accessToken, refreshToken, expiresIn: ACCESS_TTL_MS / 1000 } };
  }

  /**
   * The user behind a valid (unexpired, unrevoked) access token issued to
   * `appId`: a token another application was given does not open this one.
   * `null`: any application's (the account service's own user information).
   */
  userByAccessToken(accessToken: string, appId: string | null): Promise<UserRow | undefined> {
    return one(
      this.db,
      sql<UserRow>`SELECT users.* FROM sessions JOIN users ON users.id = sessions.user_id
        WHERE sessions.access_hash = ${digest(accessToken)} AND sessions.revoked_at IS NULL
          AND sessions.access_expires_at > ${this.now()}
          AND (CAST(${appId} AS TEXT) IS NULL OR sessions.app_id = ${appId})`,
    );
  }

  /**
   * Trades a refresh token for a new pair; the old pair stops working
   * (rotation). A refresh token that was already traded is a stolen copy being
   * replayed, or the original after the thief's: either way every session of its
   * family is revoked, so whoever holds the newer tokens must sign in again.
   *
   * But not when it comes back within REFRESH_GRACE_MS of its trade and the pair
   * that trade made has not been used to refresh: that is the same client sending
   * again a refresh whose answer it never got (a network error, two tabs at once).
   * It gets a new pair, and the one it never received stops working. A thief who
   * wins that race holds a pair whose family the owner's next refresh revokes.
   */
  refresh(refreshToken: string): Promise<IssuedTokens | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const session = await one(
        trx,
        sql<SessionRow>`SELECT id, user_id, app_id, family, revoked_at, refresh_expires_at FROM sessions
          WHERE refresh_hash = ${digest(refreshToken)}`,
      );
      if (!session) return undefined;
      if (Number(session.refresh_expires_at) <= this.now()) return undefined;
      const now = this.now();
      const tradeFor = async () => {
        const next = await this.newSession(session.user_id, session.app_id, session.family, trx);
        await sql`UPDATE sessions SET replaced_by = ${next.id} WHERE id = ${session.id}`.execute(trx);
        return next.tokens;
      };
      // Two trades of one token at once: the second finds it traded, as a token sent again would.
      const traded = await run(
        trx,
        sql`UPDATE sessions SET revoked_at = ${now}, traded_at = ${now} WHERE id = ${session.id} AND revoked_at IS NULL`,
      );
      if (traded === 1) return tradeFor();
      const earlier = await one(
        trx,
        sql<{ traded_at: number | null; replaced_by: number | null }>`SELECT traded_at, replaced_by FROM sessions
          WHERE id = ${session.id}`,
      );
      if (earlier?.traded_at != null && now - Number(earlier.traded_at) <= REFRESH_GRACE_MS) {
        const unreceived = await run(
          trx,
          sql`UPDATE sessions SET revoked_at = ${now}
            WHERE id = ${earlier.replaced_by} AND revoked_at IS NULL AND traded_at IS NULL`,
        );
        if (unreceived === 1) return tradeFor();
      }
      await sql`UPDATE sessions SET revoked_at = ${now} WHERE family = ${session.family} AND revoked_at IS NULL`.execute(
        trx,
      );
      return undefined;
    });
  }

  /** Ends the session of an access token; unknown tokens are ignored. */
  async revoke(accessToken: string): Promise<void> {
    await sql`UPDATE sessions SET revoked_at = ${this.now()} WHERE access_hash = ${digest(accessToken)} AND revoked_at IS NULL`.execute(
      this.db,
    );
  }

  /**
   * Signs out: ends every session of the access token's sign-in (its family), so
   * the portal and the console, which share one sign-in, are both signed out.
   */
  async revokeSignIn(accessToken: string): Promise<void> {
    await sql`UPDATE sessions SET revoked_at = ${this.now()}
      WHERE family = (SELECT family FROM sessions WHERE access_hash = ${digest(accessToken)}) AND revoked_at IS NULL`.execute(
      this.db,
    );
  }
}
