import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How long an agent stays signed in. */
export const AGENT_SESSION_MS = 12 * 60 * 60 * 1000;
export const AGENT_COOKIE = 'portal_chat_agent';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The agent inbox's sign-in: one shared password from the configuration, and a
 * signed, expiring cookie. The signing key comes from the session secret, so
 * every instance and a restart accept the cookie, and is bound to the password,
 * so a new password signs every agent out.
 */
export class AgentSessions {
  private readonly key: Buffer;

  constructor(
    private readonly password: string,
    secretKey: Buffer,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', secretKey).update(password).digest();
  }

  /** Compares in constant time (over digests, so lengths leak nothing either). */
  checkPassword(candidate: string): boolean {
    return timingSafeEqual(digest(candidate), digest(this.password));
  }

  issue(): string {
    const expires = String(this.now() + AGENT_SESSION_MS);
    return `${expires}.${this.sign(expires)}`;
  }

  valid(cookie: unknown): boolean {
    if (typeof cookie !== 'string') return false;
    const [expires, signature] = cookie.split('.');
    if (!expires || !signature || !/^\d{1,15}$/.test(expires) || Number(expires) <= this.now()) return false;
    const expected = Buffer.from(this.sign(expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }
}
