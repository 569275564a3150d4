import { portalOrigin } from '../config';
import { environment } from '../env';
import { portalKnown } from '../portal-known';
import { warnOnce } from '../warn-once';

let asked: Promise<boolean> | undefined;

/**
 * Whether the account service would let this page frame its hub: the page's
 * origin is registered for the app. On any other origin the hub's
 * `frame-ancestors` refuses the frame, with a CSP error in the page's console and
 * a wait for nothing, so the sign-in is checked first (issue #19), by every
 * element that needs it (`startPortalSession`: the sign-in, the agreements;
 * issue #34). Asked once per page, and only on an origin other than the
 * service's and the portal's; an answer the service cannot give (an older
 * service, a network failure) counts as yes. No: where the elements do not know
 * their portal (`portalKnown`), asking nothing.
 */
export function hubWelcomesThisPage(): Promise<boolean> {
  if (!portalKnown()) return Promise.resolve(false);
  asked ??= ask();
  return asked;
}

async function ask(): Promise<boolean> {
  const { accountServer, appId } = environment();
  const url = new URL(
    'api/guc/view/token/hub/registered',
    accountServer.endsWith('/') ? accountServer : `${accountServer}/`,
  );
  // The portal's own pages and the service's are registered by definition.
  if (url.origin === location.origin || portalOrigin() === location.origin) return true;
  url.searchParams.set('appId', appId);
  try {
    const answer = await fetch(url, { cache: 'no-store', credentials: 'omit' });
    const body = answer.ok ? ((await answer.json()) as { result?: { registered?: boolean } }) : undefined;
    if (body?.result?.registered !== false) return true;
  } catch {
    return true;
  }
  warnOnce(
    'account-origin',
    `[portal] Sign-in is not shared with ${location.origin}: the account service at ${url.origin} does not list this origin, so the sign-in and the agreements render nothing here. Register it (ACCOUNT_ORIGINS on a local portal; see /docs#sign-in-origins).`,
  );
  return false;
}

/** Whether the account service lets this page frame its hub, and where the hub is. */
export interface HubAccess {
  welcome: boolean;
  accountServer: string;
  appId: string;
}

/** For the light check (sign-in-check.ts) off the portal's own pages: the full answers. */
export async function hubAccessElsewhere(): Promise<HubAccess> {
  const { accountServer, appId } = environment();
  return { welcome: await hubWelcomesThisPage(), accountServer, appId };
}
