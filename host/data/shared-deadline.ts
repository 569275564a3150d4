import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The deadline every back-end call made for one page shares: its render runs
 * in it. A page makes calls one after another as well as side by side; each
 * with only a timeout of its own, a page could wait a multiple of it, and its
 * render held its turn among renders long after the page had answered.
 */
const current = new AsyncLocalStorage<AbortSignal>();

/** Runs `work` so that every back-end call it makes ends when `signal` aborts, if not sooner. */
export const sharingDeadline = <T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> =>
  current.run(signal, work);

/** Runs `work` under no page's deadline: a value loaded once for many pages must not end with the first page's. */
export const apartFromPages = <T>(work: () => T): T => current.exit(work);

/** What ends a call: its own timeout, or the deadline of the page it is made for, whichever comes first. */
export function callSignal(timeoutMs: number): AbortSignal {
  const own = AbortSignal.timeout(timeoutMs);
  const page = current.getStore();
  return page ? AbortSignal.any([own, page]) : own;
}
