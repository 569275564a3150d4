import { LRUCache } from 'lru-cache';
import { type Envelope, isSuccess, SUCCESS } from '../../contract/envelope';
import type { PortalEnvironment } from '../../contract/environments';
import type { FriendlyLink, PageCommon } from '../../contract/page-data';
import type { SiteData } from '../../contract/sources';

export type { SiteData } from '../../contract/sources';

/**
 * Why the friendly links could not be had: the server answered a code other
 * than success (`rejected`: the 500 page), or the request failed (`unreachable`:
 * the 'working hard to load' page).
 */
export class FriendlyLinksFailure extends Error {
  constructor(
    readonly kind: 'rejected' | 'unreachable',
    message: string,
  ) {
    super(message);
  }
}

/** Nothing to show (a host without a back-end, as in some tests): pages render bare. */
export const noSiteData: SiteData = {
  pageCommon: async () => null,
  friendlyLinks: async () => [],
};

const REMOTE_TIMEOUT_MS = 3000;

/**
 * Keeps a value `freshMs`, then serves it stale while the next call fetches it
 * again. A failed fetch is not kept: the next caller sees the failure.
 */
function staleWhileRevalidate<T extends {}>(fetch: () => Promise<T>, freshMs: number): () => Promise<T> {
  if (freshMs <= 0) return fetch;
  const kept = new LRUCache<'value', T>({
    max: 1,
    ttl: freshMs,
    allowStale: true,
    allowStaleOnFetchRejection: false,
    fetchMethod: () => fetch(),
  });
  return async () => (await kept.fetch('value')) as T;
}

/**
 * Other environments: the real portal API, with a short timeout, each answer
 * kept `freshMs` and then refreshed behind the next request (0: every time).
 */
export function remoteSiteData(env: Pick<PortalEnvironment, 'api'>, freshMs = 30_000): SiteData {
  const call = async <T>(path: string, init?: RequestInit): Promise<T | null> => {
    try {
      const res = await fetch(new URL(path, env.api.portal), {
        ...init,
        signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS),
      });
      if (!res.ok) return null;
      return (await res.json()) as T;
    } catch {
      return null;
    }
  };
  const pageCommon = staleWhileRevalidate(async () => {
    const answer = await call<Envelope<{ pageCommonDTO?: PageCommon }>>('/api/common/index');
    const common = isSuccess(answer) ? answer.data?.pageCommonDTO : undefined;
    // Thrown so that a miss is not kept; the caller renders without it.
    if (!common) throw new Error('no common data');
    return common;
  }, freshMs);
  const friendlyLinks = staleWhileRevalidate(async () => {
    let answer: { code?: string; result?: FriendlyLink[]; msg?: string };
    try {
      const res = await fetch(new URL('/api/friendly-link/list', env.api.portal), {
        method: 'POST',
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS),
      });
      answer = (await res.json()) as typeof answer;
    } catch (error) {
      throw new FriendlyLinksFailure('unreachable', `friendly links: ${(error as Error).message}`);
    }
    if (answer?.code !== SUCCESS) throw new FriendlyLinksFailure('rejected', `friendly links answered ${answer?.code}`);
    return Array.isArray(answer.result) ? answer.result : [];
  }, freshMs);
  return { pageCommon: () => pageCommon().catch(() => null), friendlyLinks };
}
