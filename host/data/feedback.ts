import { isSuccess } from '../../contract/envelope';
import type { PortalEnvironment } from '../../contract/environments';
import type { FeedbackSink } from '../../contract/sources';

export type { FeedbackSink } from '../../contract/sources';

/** Other environments: the portal API's `POST /api/feedback`. */
export function remoteFeedback(env: Pick<PortalEnvironment, 'api'>, fetcher: typeof fetch = fetch): FeedbackSink {
  return {
    async submit(entry, page) {
      const res = await fetcher(new URL('/api/feedback', env.api.portal), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ ...entry, page }),
        signal: AbortSignal.timeout(5000),
      });
      const body: unknown = await res.json().catch(() => null);
      if (!res.ok || !isSuccess(body))
        throw new Error(`feedback answered ${res.status} ${(body as { code?: unknown } | null)?.code}`);
    },
  };
}
