import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db/query';
import { one, run } from '../db/query';

/**
 * The store of one rate limiter, by the limiter's name (no two limiters share a
 * count); undefined keeps the count in this process (express-rate-limit's own).
 */
export type LimitStores = (name: string) => Store | undefined;

/** How often expired counts are deleted (by whichever instance counts next). */
const SWEEP_MS = 60_000;

/**
 * Rate-limit counts in the shared database, so a limit holds across every
 * instance: each hit is one upsert that starts a new window once the old one
 * has passed, and answers the count so far.
 */
class DatabaseLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly db: Db,
    readonly prefix: string,
    private readonly sweep: (now: number) => void,
    private readonly now: () => number,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = await one(
      this.db,
      sql<{ hits: number; reset_at: number }>`SELECT hits, reset_at FROM rate_limits
        WHERE key = ${this.prefix + key} AND reset_at > ${this.now()}`,
    );
    return row && { totalHits: Number(row.hits), resetTime: new Date(Number(row.reset_at)) };
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = this.now();
    const resetAt = now + this.windowMs;
    const row = await one(
      this.db,
      sql<{ hits: number; reset_at: number }>`INSERT INTO rate_limits (key, hits, reset_at)
        VALUES (${this.prefix + key}, 1, ${resetAt})
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.hits + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= ${now} THEN ${resetAt} ELSE rate_limits.reset_at END
        RETURNING hits, reset_at`,
    );
    this.sweep(now);
    return { totalHits: Number(row?.hits ?? 1), resetTime: new Date(Number(row?.reset_at ?? resetAt)) };
  }

  async decrement(key: string): Promise<void> {
    await run(
      this.db,
      sql`UPDATE rate_limits SET hits = hits - 1
        WHERE key = ${this.prefix + key} AND hits > 0 AND reset_at > ${this.now()}`,
    );
  }

  async resetKey(key: string): Promise<void> {
    await run(this.db, sql`DELETE FROM rate_limits WHERE key = ${this.prefix + key}`);
  }
}

/** Every limiter's store in `db`: counts every instance on that database shares. */
export function databaseLimits(db: Db, now: () => number = Date.now): LimitStores {
  let swept = now();
  const sweep = (at: number) => {
    if (at - swept < SWEEP_MS) return;
    swept = at;
    // A failed sweep is retried a minute later; the counts themselves are not touched by it.
    run(db, sql`DELETE FROM rate_limits WHERE reset_at <= ${at}`).catch(() => {});
  };
  return (name) => new DatabaseLimitStore(db, `${name}|`, sweep, now);
}

/** Counts kept in this process: one instance (SQLite). */
export const processLimits: LimitStores = () => undefined;
