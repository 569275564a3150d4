import { HTTPError } from 'ky';
import { environment } from '../core/env';
import { ApiError, getData, http } from '../core/http';
import { toastErrorOnce } from '../core/toast';

/** An agreement the signed-in user has still to confirm (SPEC §3). */
export interface Agreement {
  code: string;
  templateVersion: string;
  title?: string;
  /** HTML from the server: sanitised before it is shown. */
  content: string;
}

/** After one agreement is confirmed, the next one comes this much later (SPEC §9). */
export const NEXT_AGREEMENT_DELAY_MS = 1000;

const path = (call: string) => `/api-${environment().brand}-portal/api/contract/${call}`;

/**
 * Asks for this user's pending agreements and hands them to `show` when there
 * are some. A failed check is said once, in the client's toast (SPEC §8), and
 * signs no one out: the page still works, and the check is made again, quietly,
 * when the page is shown again or the network comes back (the next page checks
 * anyway), until one answers. A refusal (4xx) is not asked again. Returns a stop.
 */
export function watchPendingAgreements(show: (agreements: Agreement[]) => void): () => void {
  let told = false;
  let busy = false;
  let stopped = false;
  const check = async () => {
    if (busy || stopped) return;
    busy = true;
    try {
      const list = await getData<Agreement[]>(path('check'), { silent: told });
      if (stopped) return;
      stop();
      if (Array.isArray(list) && list.length) show(list);
    } catch (error) {
      // The client has told the visitor about HTTP failures; a well-formed refusal it leaves to us.
      if (!told && error instanceof ApiError) toastErrorOnce(error.message);
      told = true;
      if (error instanceof HTTPError && error.response.status < 500) stop();
    } finally {
      busy = false;
    }
  };
  const again = () => document.visibilityState === 'visible' && check();
  const stop = () => {
    stopped = true;
    document.removeEventListener('visibilitychange', again);
    removeEventListener('online', again);
  };
  document.addEventListener('visibilitychange', again);
  addEventListener('online', again);
  void check();
  return stop;
}

export async function confirmAgreement({ code, templateVersion }: Agreement): Promise<void> {
  await http.post(path('confirm'), { sceneCode: code, contractVersion: templateVersion });
}
