import { type Envelope, isSuccess, SUCCESS } from '../../contract/envelope';
import type { PortalEnvironment } from '../../contract/environments';
import type { FriendlyLink, PageCommon } from '../../contract/page-data';
import type { SiteData } from '../../contract/sources';

import { callUpstream, keptThroughFailures, UpstreamFailure, type UpstreamOptions } from './upstream';

export type { SiteData } from '../../contract/sources';

/** Nothing to show (a host without a back-end, as in some tests): pages render bare. */
export const noSiteData: SiteData = {
  pageCommon: async () => null,
  friendlyLinks: async () => [],
};

export interface RemoteSiteDataOptions extends UpstreamOptions {
  /** How long an answer is kept before it is loaded again behind the next request (0: never kept). */
  freshMs?: number;
  /** How long the last good answer stands in while the back-end fails. */
  staleMs?: number;
}

/**
 * Other environments: the real portal API, each call within the upstream
 * deadline, each answer kept `freshMs` and served on while the API fails (see
 * `keptThroughFailures`). The friendly links fail the page (SPEC §8); the common
 * data only goes missing.
 */
export function remoteSiteData(
  env: Pick<PortalEnvironment, 'api'>,
  { freshMs = 30_000, staleMs, ...upstream }: RemoteSiteDataOptions = {},
): SiteData {
  const pageCommon = keptThroughFailures(
    async () => {
      const { body } = await callUpstream(
        new URL('/api/common/index', env.api.portal),
        { headers: { Accept: 'application/json' } },
        upstream,
      );
      const common = isSuccess(body)
        ? (body as Envelope<{ pageCommonDTO?: PageCommon }>).data?.pageCommonDTO
        : undefined;
      if (!common) throw new UpstreamFailure('rejected', 'common data: no pageCommonDTO');
      return common;
    },
    { freshMs, staleMs },
  );
  const friendlyLinks = keptThroughFailures(
    async () => {
      const { status, body } = await callUpstream(
        new URL('/api/friendly-link/list', env.api.portal),
        { method: 'POST', headers: { Accept: 'application/json' } },
        upstream,
      );
      const answer = body as { code?: unknown; result?: unknown } | null;
      if (answer?.code !== SUCCESS)
        throw new UpstreamFailure(
          'rejected',
          `friendly links answered ${status} ${String(answer?.code ?? 'no envelope')}`,
        );
      if (answer.result == null) return [];
      // A list of another shape is not an empty list: the last good one stands.
      if (!Array.isArray(answer.result)) throw new UpstreamFailure('rejected', 'friendly links are not a list');
      return answer.result as FriendlyLink[];
    },
    { freshMs, staleMs },
  );
  return { pageCommon: () => pageCommon().catch(() => null), friendlyLinks };
}
