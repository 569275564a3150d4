import type { Feedback } from '../../backend/feedback/feedback-schema';
import type { FeedbackStore } from '../../backend/feedback/feedback-store';
import type { PortalEnvironment } from '../../widgets/core/env';

/** Where the feedback form's entries go. */
export interface FeedbackSink {
  /** Resolves once the entry is stored; rejects when it could not be. */
  submit(entry: Feedback, page: string | null): Promise<void>;
}

export const embeddedFeedback = (store: FeedbackStore): FeedbackSink => ({
  submit: async (entry, page) => void store.add(entry, page),
});

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
      const body = (await res.json().catch(() => null)) as { code?: string } | null;
      if (!res.ok || body?.code !== '0000') throw new Error(`feedback answered ${res.status} ${body?.code}`);
    },
  };
}
