import { statusError } from './params';

/** Renders at once: enough to overlap back-end waits, few enough to bound memory. */
export const RENDER_CONCURRENCY = 16;
/** Renders waiting their turn (RENDER_QUEUE_LENGTH): a burst of first views fits. */
export const RENDER_QUEUE_LENGTH = 256;
/** How long a render may wait for its turn (RENDER_QUEUE_WAIT_MS): a visitor still waits for a page, not for a 503. */
export const RENDER_QUEUE_WAIT_MS = 10_000;

export interface RenderQueueOptions {
  /** Renders at once (default 16). */
  concurrency?: number;
  /** Renders waiting their turn before the next one is refused with 503 (default 256). */
  maxWaiting?: number;
  /** How long a render may wait for its turn before it is given up with 503 (default 10 s). */
  maxWaitMs?: number;
}

/**
 * Runs a page render in its turn. `background`: a kept page rendered again
 * behind its answer, which nobody waits for.
 */
export type RenderQueue = <T>(render: () => Promise<T>, options?: { background?: boolean }) => Promise<T>;

/** Too many renders waiting, or waiting too long: the error page's 503, with a Retry-After. */
export const busy = () => statusError(503, 'Too many pages being rendered');

/**
 * Page renders in bounded concurrency: a burst of addresses no cache holds
 * waits its turn, first come first served, instead of rendering all at once
 * (each render holds its page's strings and the back-end's answers in memory).
 * The wait is bounded twice: past `maxWaiting` renders waiting, the next is
 * answered 503 at once; a render still waiting after `maxWaitMs` is given up
 * with 503 and never runs. The time a render may take once begun is its
 * page's own deadline (page-deadline.ts), not spent here.
 *
 * A background render takes a free turn or none (503 at once: the kept page is
 * served on, and tried again after its fresh time), and at most half of them: while
 * the back-end fails, every kept page's retry would otherwise hold a turn for a
 * whole deadline, and visitors would wait behind them.
 */
export function renderQueue({
  concurrency = RENDER_CONCURRENCY,
  maxWaiting = RENDER_QUEUE_LENGTH,
  maxWaitMs = RENDER_QUEUE_WAIT_MS,
}: RenderQueueOptions = {}): RenderQueue {
  let running = 0;
  let inBackground = 0;
  const backgroundShare = Math.max(1, Math.floor(concurrency / 2));
  /** The starts of the renders waiting, in order. */
  const waiting: Array<() => void> = [];

  async function run<T>(render: () => Promise<T>): Promise<T> {
    running++;
    try {
      return await render();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  return <T>(render: () => Promise<T>, { background = false } = {}) => {
    if (background) {
      if (running >= concurrency || inBackground >= backgroundShare) return Promise.reject(busy());
      inBackground++;
      return run(render).finally(() => inBackground--);
    }
    if (running < concurrency) return run(render);
    if (waiting.length >= maxWaiting) return Promise.reject(busy());
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        clearTimeout(givingUp);
        run(render).then(resolve, reject);
      };
      const givingUp = setTimeout(() => {
        waiting.splice(waiting.indexOf(start), 1);
        reject(busy());
      }, maxWaitMs);
      waiting.push(start);
    });
  };
}
