import { checkSignInOnLoad, loadPortalAccount, startPortalSession } from '../core/account/portal-session';
import { environment } from '../core/env';
import { $userInfo } from '../core/stores';
import { consumeRefreshFlag, REFRESH_FLAG } from './refresh-flag';

/** What stands between the user and a protected action (SPEC §5). */
export type Obstacle = 'login' | 'certify' | 'admin';

let freshUser: Promise<unknown> | undefined;
/** The certification asked for again as the visitor came back to this tab, while under way. */
let rechecking: Promise<void> | undefined;

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
  // A click right after coming back waits for the answer rather than prompt on the old one.
  return freshUser.then(() => rechecking).then(() => $userInfo.get());
}

/**
 * Reads the user's certification again (one read at a time): certifying is done
 * in the console's tab (SPEC §5), so this page's copy may be stale. A user it
 * knows as certified, or no user, costs nothing.
 */
export function refreshCertification(): Promise<void> {
  const user = $userInfo.get();
  if (!user || user.potalStatus) return Promise.resolve();
  rechecking ??= loadPortalAccount()
    .then((account) => account.refreshPortalProfile())
    .catch(() => {})
    .finally(() => {
      rechecking = undefined;
    });
  return rechecking;
}

/** As the visitor comes back to this tab, the next click passes without a reload. */
function recheckOnReturn(): void {
  const recheck = () => {
    if (document.visibilityState === 'visible') void refreshCertification();
  };
  document.addEventListener('visibilitychange', recheck);
  window.addEventListener('focus', recheck);
}
let watchingReturn = false;

/**
 * As the guard renders, so that a click finds its answer ready: the check a page
 * makes as it loads. On a phone that one does not ask the account service's hub;
 * the click does (`currentUser`).
 */
export function checkAhead(): void {
  consumeRefreshFlag();
  void checkSignInOnLoad();
  if (!watchingReturn) recheckOnReturn();
  watchingReturn = true;
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

/**
 * Whether the company has no administrator yet: asked beside the certification
 * prompt, so the visitor does both in one visit to the console. Quiet: when the
 * answer cannot be had, the prompt just says less.
 */
export async function administratorMissing(): Promise<boolean> {
  const { getData } = await import('../core/http');
  return (
    (await getData<boolean>('/api-kernel-portal/api/verify/business', { silent: true }).catch(() => true)) === false
  );
}

/** Where the console sends the user when done: this page, with the refresh flag. */
function returnAddress(here: string): string {
  const back = new URL(here);
  back.searchParams.set(REFRESH_FLAG, 'true');
  return back.href;
}

/**
 * The console's certification page, for the user's company when known; once
 * certified, the console's tab comes back to this page.
 */
export function certificationUrl(companyId: string | null | undefined, here = location.href): string {
  const url = new URL('/company/enterprise', environment().console);
  if (companyId) url.searchParams.set('companyid', companyId);
  url.searchParams.set('redirectUrl', returnAddress(here));
  return url.href;
}

/** The console's administrator page; it sends the user back here with the refresh flag. */
export function managerSettingUrl(companyId: string | null | undefined, here = location.href): string {
  const url = new URL('/company/manager-setting', environment().console);
  if (companyId) url.searchParams.set('companyId', companyId);
  url.searchParams.set('redirectUrl', returnAddress(here));
  return url.href;
}
