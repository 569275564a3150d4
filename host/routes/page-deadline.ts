import type { Request } from 'express';

/**
 * A request's one deadline outside `local` (UPSTREAM_TIMEOUT_MS): for all its
 * page waits for from the back-end, its context, its content calls, and then
 * its error page, which once waited the whole time again. It starts when the
 * page's render begins (the wait in the render queue has a bound of its own),
 * or at the first wait of a page rendered outside the queue (a form, an error page).
 */
export interface Deadline {
  /** Aborted when the deadline passes: the page's back-end calls end with it (shared-deadline.ts). */
  readonly signal: AbortSignal;
  /** Milliseconds left; 0 once passed. */
  remaining(): number;
}

interface Kept extends Deadline {
  pass(): void;
}

const deadlines = new WeakMap<Request, Kept>();

/** This request's deadline, started now, `ms` from now, if it has none yet. */
export function deadlineOf(req: Request, ms: number): Deadline {
  return deadlines.get(req) ?? start(req, ms);
}

/**
 * Ends this request's deadline now: the back-end did not answer in time, and
 * the error page that says so takes only what is at hand rather than wait for it again.
 */
export function passDeadline(req: Request): void {
  (deadlines.get(req) ?? start(req, 0)).pass();
}

function start(req: Request, ms: number): Kept {
  const controller = new AbortController();
  let at = Date.now() + ms;
  const pass = () => {
    at = Math.min(at, Date.now());
    clearTimeout(timer);
    controller.abort(new Error('the page’s deadline passed'));
  };
  const timer = setTimeout(pass, ms);
  timer.unref();
  const deadline = { signal: controller.signal, remaining: () => Math.max(0, at - Date.now()), pass };
  deadlines.set(req, deadline);
  return deadline;
}

/**
 * `work`'s result, or `late()`'s once the deadline passes first. Past it already,
 * what is at hand still counts (a kept value answers within the same turn):
 * only waiting is over.
 */
export function byDeadline<T>(work: Promise<T>, deadline: Deadline, late: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      try {
        resolve(late());
      } catch (error) {
        reject(error);
      }
    }, deadline.remaining());
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
