/** What the visitor does that says they are back. */
const ACTIVITY = ['pointerdown', 'keydown', 'focus'] as const;

/**
 * Calls `back` once, when the visitor acts on the page or it is shown again
 * (an idle stream opens again then). Returns what stops waiting.
 */
export function whenVisitorActs(back: () => void): () => void {
  const visible = () => {
    if (document.visibilityState === 'visible') acted();
  };
  const stop = () => {
    for (const type of ACTIVITY) removeEventListener(type, acted, { capture: true });
    document.removeEventListener('visibilitychange', visible);
  };
  const acted = () => {
    stop();
    back();
  };
  for (const type of ACTIVITY) addEventListener(type, acted, { capture: true, passive: true });
  document.addEventListener('visibilitychange', visible);
  return stop;
}

/** Waits `ms` (a minute while offline), or less if the browser comes back online. */
export function untilOnline(ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, navigator.onLine ? ms : 60_000);
    addEventListener('online', done);
  });
}

/** Failed tries in a row (15 to 20 s of backing off, with the service's `retry:`) before the service counts as out of reach. */
export const MAX_FAILURES = 6;

/** The wait after the `tries`-th failure in a row (from 0): doubling from half a second, at most 10 s. */
export const backoff = (tries: number) => Math.min(500 * 2 ** tries, 10_000);
