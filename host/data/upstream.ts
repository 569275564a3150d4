import { LRUCache } from 'lru-cache';
import { apartFromPages, callSignal } from './shared-deadline';

/** How long one call to a back-end server may take (UPSTREAM_TIMEOUT_MS). */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 1500;

/** How long the last good answer stands in for a failing back-end (stale-if-error). */
export const STALE_IF_ERROR_MS = 24 * 60 * 60 * 1000;

/**
 * A back-end server that failed a call: it answered with an error or with
 * something that is not its API (`rejected`: the 500 page of SPEC §8), or it
 * could not be reached in time (`unreachable`: the 'working hard to load' page,
 * the original's "302", sent as 503 with Retry-After since a real 302 needs a Location).
 */
export class UpstreamFailure extends Error {
  constructor(
    readonly kind: 'rejected' | 'unreachable',
    message: string,
  ) {
    super(message);
  }

  get status(): number {
    return this.kind === 'rejected' ? 500 : 503;
  }

  get errorPage(): number {
    return this.kind === 'rejected' ? 500 : 302;
  }
}

export interface UpstreamOptions {
  /** The deadline of each call (default 1.5 s). */
  timeoutMs?: number;
  fetcher?: typeof fetch;
  /** Told of each call that failed: not reached in time, or answered with a server error or not JSON. */
  onFailure?: (kind: UpstreamFailure['kind']) => void;
}

/**
 * One call to a back-end server within its deadline (headers and body alike),
 * and within the deadline of the page it is made for, if any (shared-deadline.ts):
 * the status and the body as JSON, or null when it is not JSON. A server that
 * cannot be reached, or not in time, is an `unreachable` failure.
 */
export async function callUpstream(
  url: URL,
  init: RequestInit,
  { timeoutMs = DEFAULT_UPSTREAM_TIMEOUT_MS, fetcher = fetch, onFailure }: UpstreamOptions = {},
): Promise<{ status: number; body: unknown }> {
  let text: string;
  let status: number;
  try {
    const res = await fetcher(url, { ...init, signal: callSignal(timeoutMs) });
    status = res.status;
    text = await res.text();
  } catch (error) {
    onFailure?.('unreachable');
    throw new UpstreamFailure('unreachable', `${url.pathname}: ${(error as Error).message}`);
  }
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {}
  if (status >= 500 || body === null) onFailure?.('rejected');
  return { status, body };
}

interface Dated<T> {
  value: T;
  at: number;
}

/**
 * A value from a back-end, kept `freshMs`, then served stale while the next
 * call loads it again behind the caller (stale-while-revalidate). When that
 * load fails the last good value is served on, to everyone, up to `staleMs`
 * after it was loaded, and tried again every `freshMs` (stale-if-error). With
 * nothing good to serve, the caller gets the failure. `freshMs` 0 keeps nothing.
 */
export function keptThroughFailures<T>(
  load: () => Promise<T>,
  { freshMs, staleMs = STALE_IF_ERROR_MS }: { freshMs: number; staleMs?: number },
): () => Promise<T> {
  if (freshMs <= 0) return load;
  const kept = new LRUCache<'value', Dated<T>>({
    max: 1,
    ttl: freshMs,
    allowStale: true,
    fetchMethod: async (_key, stale) => {
      try {
        // Loaded once for every page that asks meanwhile: not cut short by the first one's deadline.
        return { value: await apartFromPages(load), at: Date.now() };
      } catch (error) {
        if (stale && Date.now() - stale.at <= staleMs) return stale;
        throw error;
      }
    },
  });
  return async () => (await kept.fetch('value'))?.value as T;
}
