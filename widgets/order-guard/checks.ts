import { checkSignInOnLoad, startPortalSession } from '../core/account/portal-session';
import { environment } from '../core/env';
import { $userInfo } from '../core/stores';
import { consumeRefreshFlag, REFRESH_FLAG } from './refresh-flag';

/** What stands between the user and a protected action (SPEC §5). */
export type Obstacle = 'login' | 'certify' | 'admin';

let freshUser: Promise<unknown> | undefined;

/**
 * The user as the server knows them now. Back from the console with
 * `webneedrefresh=true`, the flag is dropped from the address; the user info is
 * loaded from the server on every page load, so this page's copy is the new one.
 */
export function currentUser() {
  if (!freshUser) {
    consumeRefreshFlag();
    freshUser = startPortalSession();
  }
  return freshUser.then(() => $userInfo.get());
}

/**
 * As the guard renders, so that a click finds its answer ready: the check a page
 * makes as it loads. On a phone that one does not ask the account service's hub;
 * the click does (`currentUser`).
 */
export function checkAhead(): void {
  consumeRefreshFlag();
  void checkSignInOnLoad();
}

/**
 * Runs the checks in order: signed in, certified (unless the caller waives it),
 * an administrator for the company. Rejects when the admin check cannot be made
 * (the API client has shown why).
 */
export async function findObstacle(waiveCertification: boolean): Promise<Obstacle | null> {
  const user = await currentUser();
  if (!user) return 'login';
  if (!user.potalStatus && !waiveCertification) return 'certify';
  const { getData } = await import('../core/http');
  const hasAdministrator = await getData<boolean>('/api-kernel-portal/api/verify/business');
  return hasAdministrator ? null : 'admin';
}

/** The console's certification page, for the user's company when known. */
export function certificationUrl(companyId: string | null | undefined): string {
  const url = new URL('/company/enterprise', environment().console);
  if (companyId) url.searchParams.set('companyid', companyId);
  return url.href;
}

/** The console's administrator page; it sends the user back here with the refresh flag. */
export function managerSettingUrl(companyId: string | null | undefined, here = location.href): string {
  const back = new URL(here);
  back.searchParams.set(REFRESH_FLAG, 'true');
  const url = new URL('/company/manager-setting', environment().console);
  if (companyId) url.searchParams.set('companyId', companyId);
  url.searchParams.set('redirectUrl', back.href);
  return url.href;
}
