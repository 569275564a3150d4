import { ipKeyGenerator } from 'express-rate-limit';

/** What a throttle needs of a logger (the back-end's, pino's). */
export interface ThrottleLog {
  warn(fields: object, message: string): void;
}

const MINUTE_MS = 60_000;
/** More addresses than this told within a minute, and the oldest are forgotten: a flood cannot grow the memory. */
const REMEMBERED = 10_000;

/**
 * Tells the log of a throttle's decision at most once a minute per address and
 * decision, so a flood of guesses is a line a minute, not a line a guess; the
 * next line says how many went untold.
 */
export function oncePerMinute(throttle: string, log: ThrottleLog | undefined, clock: { now(): number }) {
  const told = new Map<string, { at: number; untold: number }>();
  return (
    decision: 'refused' | 'delayed',
    attempt: { address: string; account?: string },
    fields: object,
    what: string,
  ) => {
    if (!log) return;
    const now = clock.now();
    const key = `${decision}|${ipKeyGenerator(attempt.address)}`;
    const last = told.get(key);
    if (last && now - last.at < MINUTE_MS) return void last.untold++;
    if (told.size >= REMEMBERED) for (const [k, { at }] of told) if (now - at >= MINUTE_MS) told.delete(k);
    if (told.size >= REMEMBERED) told.clear();
    told.set(key, { at: now, untold: 0 });
    const account = attempt.account === undefined ? 'a made-up session' : JSON.stringify(attempt.account);
    log.warn(
      { throttle, decision, address: attempt.address, account: attempt.account, ...fields, untold: last?.untold ?? 0 },
      `Sign-in guesses (${throttle}): ${attempt.address} trying ${account} ${what} (said once a minute per address)`,
    );
  };
}
