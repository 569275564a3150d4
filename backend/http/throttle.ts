import { ipKeyGenerator, MemoryStore, type Options, type Store } from 'express-rate-limit';
import type { LimitStores } from './limit-store';
import { oncePerMinute, type ThrottleLog } from './throttle-log';

/**
 * How password guessing is slowed (OWASP Authentication and Credential
 * Stuffing cheat sheets). Nothing here ever locks an account or the site: one
 * address guessing at one account waits longer and longer, one address
 * guessing at many is refused for the hour, and an account guessed at from
 * everywhere only answers more slowly, so its owner always gets in.
 */
export interface ThrottleSettings {
  /** Wrong passwords one address may try at one account before each next try waits (default 3). */
  freeFailures: number;
  /** The first of those waits; each further wrong password doubles it (default 30 s). */
  firstWaitMs: number;
  /** The longest wait (default 15 min). */
  longestWaitMs: number;
  /** Wrong passwords one address may try in an hour, at any accounts, before it is refused for the rest of it (default 100). */
  addressCeiling: number;
  /** Wrong passwords at one account in an hour, from any addresses, before its answers are held back (default 10). */
  accountSlowdownAfter: number;
  /** The longest an answer is held back; it starts at half a second and doubles (default 3 s). */
  longestDelayMs: number;
}

export const DEFAULT_THROTTLE: Readonly<ThrottleSettings> = {
  freeFailures: 3,
  firstWaitMs: 30_000,
  longestWaitMs: 15 * 60_000,
  addressCeiling: 100,
  accountSlowdownAfter: 10,
  longestDelayMs: 3_000,
};

const HOUR_MS = 60 * 60_000;
/** How long an address's wrong passwords at one account are remembered, from the first. */
const PAIR_MEMORY_MS = 24 * HOUR_MS;
const FIRST_DELAY_MS = 500;

/** Where a throttle takes the time from and how it holds an answer back (tests move their own). */
export interface Clock {
  now(): number;
  wait(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * One sign-in try: from an address (an IPv6 one counts by its /56), at an
 * account as it is looked up, and whether the browser carries a cookie of a
 * sign-in to that account (a trusted device). No account: a guess at something
 * else (a made-up session), which counts against the address only.
 */
export interface Attempt {
  address: string;
  account?: string;
  trusted?: boolean;
}

/** A count per key that starts at the first hit and is forgotten `windowMs` later, in any LimitStore. */
function tally(limits: LimitStores | undefined, name: string, windowMs: number) {
  // Without a store of its own the count stays in this process (one instance).
  const store: Store = limits?.(name) ?? new MemoryStore();
  store.init?.({ windowMs } as Options);
  return store;
}

/**
 * The throttle of one password form (the account service's, the agent inbox's).
 * Counts only what `failed` is told: a password checked and wrong, or an
 * unknown account; never a refusal, a fault or a form that could not be read.
 */
export class SignInThrottle {
  private readonly settings: ThrottleSettings;
  private readonly clock: Clock;
  private readonly byAddress: Store;
  private readonly byAccount: Store;
  private readonly byPair: Store;
  /** A wait is a window of its own length: one count per length (30 s, 1 min … 15 min), so any LimitStore keeps it. */
  private readonly waits = new Map<number, Store>();
  private readonly tell: ReturnType<typeof oncePerMinute>;

  constructor(
    private readonly name: string,
    private readonly deps: { limits?: LimitStores; log?: ThrottleLog; clock?: Clock },
    settings: Partial<ThrottleSettings> = {},
  ) {
    this.settings = { ...DEFAULT_THROTTLE, ...settings };
    this.clock = deps.clock ?? realClock;
    this.byAddress = tally(deps.limits, `${name} address`, HOUR_MS);
    this.byAccount = tally(deps.limits, `${name} account`, HOUR_MS);
    this.byPair = tally(deps.limits, `${name} failures`, PAIR_MEMORY_MS);
    this.tell = oncePerMinute(name, deps.log, this.clock);
  }

  /**
   * Before the password is checked: the seconds to wait when this try is
   * refused (a 429 with Retry-After), else undefined once any slowdown of the
   * account has passed.
   */
  async check(attempt: Attempt): Promise<number | undefined> {
    const { account, trusted } = attempt;
    const address = ipKeyGenerator(attempt.address);
    const now = this.clock.now();
    const left = (info: { resetTime?: Date } | undefined) => Math.max(0, (info?.resetTime?.getTime() ?? now) - now);
    let waitMs = 0;
    // A device the account trusts is its owner's: other people's guesses from its network do not shut it out.
    const atAddress = trusted ? undefined : await this.byAddress.get?.(address);
    if (atAddress && atAddress.totalHits >= this.settings.addressCeiling) waitMs = left(atAddress);
    const failures = account === undefined ? 0 : ((await this.byPair.get?.(pair(account, address)))?.totalHits ?? 0);
    if (account !== undefined && failures >= this.settings.freeFailures)
      waitMs = Math.max(waitMs, left(await this.waitAfter(failures).get?.(pair(account, address))));
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      this.tell('refused', attempt, { retryAfterS: seconds, failures }, `refused for ${seconds} s`);
      return seconds;
    }
    if (account === undefined || trusted) return undefined;
    const atAccount = (await this.byAccount.get?.(account))?.totalHits ?? 0;
    if (atAccount < this.settings.accountSlowdownAfter) return undefined;
    const delayMs = Math.min(
      this.settings.longestDelayMs,
      FIRST_DELAY_MS * 2 ** Math.min(20, atAccount - this.settings.accountSlowdownAfter),
    );
    this.tell('delayed', attempt, { delayMs, accountFailures: atAccount }, `held back ${delayMs} ms`);
    await this.clock.wait(delayMs);
    return undefined;
  }

  /** A password checked and wrong, or an unknown account (or, without one, a made-up session). */
  async failed(attempt: Attempt): Promise<void> {
    const address = ipKeyGenerator(attempt.address);
    await this.byAddress.increment(address);
    if (attempt.account === undefined) return;
    const key = pair(attempt.account, address);
    await this.byAccount.increment(attempt.account);
    const { totalHits } = await this.byPair.increment(key);
    if (totalHits >= this.settings.freeFailures) await this.waitAfter(totalHits).increment(key);
  }

  /** The right password: this address starts again at this account (the others' guesses still count). */
  async succeeded(attempt: Attempt): Promise<void> {
    if (attempt.account !== undefined)
      await this.byPair.resetKey(pair(attempt.account, ipKeyGenerator(attempt.address)));
  }

  /** The wait after `failures` wrong passwords: doubling from the first, up to the longest. */
  private waitAfter(failures: number): Store {
    const { firstWaitMs, longestWaitMs, freeFailures } = this.settings;
    const ms = Math.min(longestWaitMs, firstWaitMs * 2 ** Math.min(30, failures - freeFailures));
    const store = this.waits.get(ms) ?? tally(this.deps.limits, `${this.name} wait ${ms}`, ms);
    this.waits.set(ms, store);
    return store;
  }
}

const pair = (account: string, address: string) => `${account}|${address}`;

/** A wait as the forms say it: in seconds, and in minutes too once it is a minute or more. */
export function waitText(seconds: number): string {
  return seconds < 60 ? `${seconds} 秒` : `${Math.ceil(seconds / 60)} 分钟（${seconds} 秒）`;
}
