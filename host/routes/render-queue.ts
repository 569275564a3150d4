import pLimit from 'p-limit';
import { statusError } from './params';

export interface RenderQueueOptions {
  /** Renders at once: enough to overlap back-end waits, few enough to bound memory (default 16). */
  concurrency?: number;
  /** Renders waiting their turn before the next one is refused with 503 (default 256). */
  maxWaiting?: number;
}

/** Runs a page render in its turn. */
export type RenderQueue = <T>(render: () => Promise<T>) => Promise<T>;

/** Too many renders waiting: the error page's 503, with a Retry-After. */
export const busy = () => statusError(503, 'Too many pages being rendered');

/**
 * Page renders in bounded concurrency: a flood of addresses no cache holds
 * waits in a queue of bounded length instead of rendering all at once (each
 * render holds its page's strings and the back-end's answers in memory), and
 * past that length is answered 503 at once rather than after a time-out.
 */
export function renderQueue({ concurrency = 16, maxWaiting = 256 }: RenderQueueOptions = {}): RenderQueue {
  const limit = pLimit(concurrency);
  return (render) =>
    limit.activeCount + limit.pendingCount >= concurrency + maxWaiting ? Promise.reject(busy()) : limit(render);
}
