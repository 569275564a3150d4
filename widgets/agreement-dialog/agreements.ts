import { environment } from '../core/env';
import { getData, http } from '../core/http';

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

/** The agreements waiting for this user; none when the call fails (the page still works). */
export async function pendingAgreements(): Promise<Agreement[]> {
  const list = await getData<Agreement[]>(path('check'), { silent: true }).catch(() => null);
  return Array.isArray(list) ? list : [];
}

export async function confirmAgreement({ code, templateVersion }: Agreement): Promise<void> {
  await http.post(path('confirm'), { sceneCode: code, contractVersion: templateVersion });
}
