import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { type Db, one, run } from '../db/query';

/** How long an agent stays signed in. */
export const AGENT_SESSION_MS = 12 * 60 * 60 * 1000;
export const AGENT_COOKIE = 'portal_chat_agent';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** A cookie's session: its id and when it expires. */
export interface AgentSession {
  id: string;
  expires: number;
}

/**
 * The agent inbox's sign-in: one shared password from the configuration, and a
 * signed, expiring cookie naming a session. The signing key comes from the
 * session secret, so every instance and a restart accept the cookie, and is
 * bound to the password, so a new password signs every agent out. Signing out
 * records the session in the database, so its cookie opens nothing any more,
 * on any instance.
 */
export class AgentSessions {
  private readonly key: Buffer;

  constructor(
    private readonly password: string,
    secretKey: Buffer,
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', secretKey).update(password).digest();
  }

  /** Compares in constant time (over digests, so lengths leak nothing either). */
  checkPassword(candidate: string): boolean {
    return timingSafeEqual(digest(candidate), digest(this.password));
  }

  /** A new session's cookie value: `id.expires.signature`. */
  issue(): string {
    const payload = `${randomBytes(16).toString('base64url')}.${this.now() + AGENT_SESSION_MS}`;
    return `${payload}.${this.sign(payload)}`;
  }

  /** The session a cookie names, if its signature holds and it has not expired (signed out or not). */
  read(cookie: unknown): AgentSession | undefined {
    if (typeof cookie !== 'string' || cookie.length > 200) return undefined;
    const match = /^([\w-]{22})\.(\d{1,15})\.([\w-]+)$/.exec(cookie);
    if (!match) return undefined;
    const [, id = '', expires = '', signature = ''] = match;
    if (Number(expires) <= this.now()) return undefined;
    const expected = Buffer.from(this.sign(`${id}.${expires}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    return { id, expires: Number(expires) };
  }

  /** The cookie's session, if it is valid and was not signed out. */
  async signedIn(cookie: unknown): Promise<AgentSession | undefined> {
    const session = this.read(cookie);
    return session && !(await this.ended(session)) ? session : undefined;
  }

  /** Whether the session was signed out (on any instance). */
  async ended(session: AgentSession): Promise<boolean> {
    return !!(await one(this.db, sql`SELECT 1 AS ended FROM chat_agent_sign_outs WHERE session = ${session.id}`));
  }

  /** Ends the cookie's session, and forgets sign-outs whose cookies have expired anyway. */
  async end(session: AgentSession): Promise<void> {
    await run(this.db, sql`DELETE FROM chat_agent_sign_outs WHERE expires_at <= ${this.now()}`);
    await run(
      this.db,
      sql`INSERT INTO chat_agent_sign_outs (session, expires_at) VALUES (${session.id}, ${session.expires})
        ON CONFLICT (session) DO NOTHING`,
    );
  }

  private sign(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }
}
