import { isSuccess } from '../../contract/envelope';
import type { PortalEnvironment } from '../../contract/environments';
import type { FeedbackSink } from '../../contract/sources';
import { callUpstream, UpstreamFailure, type UpstreamOptions } from './upstream';

export type { FeedbackSink } from '../../contract/sources';

/** Other environments: the portal API's `POST /api/feedback`, within the upstream deadline. */
export function remoteFeedback(env: Pick<PortalEnvironment, 'api'>, upstream: UpstreamOptions = {}): FeedbackSink {
  return {
    async submit(entry, page) {
      const { status, body } = await callUpstream(
        new URL('/api/feedback', env.api.portal),
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ ...entry, page }),
        },
        upstream,
      );
      if (status >= 300 || !isSuccess(body))
        throw new UpstreamFailure(
          'rejected',
          `feedback answered ${status} ${(body as { code?: unknown } | null)?.code}`,
        );
    },
  };
}
