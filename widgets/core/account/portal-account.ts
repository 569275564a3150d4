import { environment } from '../env';
import { getData } from '../http/client';
import { $userInfo, setUserInfo, type UserInfo } from '../stores/user';
import { type AccountClient, createAccountClient } from './client';

/** The portal's view of the signed-in user (SPEC §3, second view). */
interface CommonLoginInfo {
  userName: string;
  mobile: string;
  companyId: string | number | null;
  potalStatus: boolean;
}

async function portalProfile(): Promise<Partial<UserInfo>> {
  const info = await getData<CommonLoginInfo>('/api-kernel-portal/api/sys-users/common-login-info', { silent: true });
  if (!info) return {};
  return {
    userName: info.userName,
    mobile: info.mobile,
    companyId: info.companyId == null ? null : String(info.companyId),
    potalStatus: Boolean(info.potalStatus),
  };
}

let client: AccountClient | undefined;
let started: Promise<UserInfo | null> | undefined;

/**
 * The account client as this portal configures it (SPEC §4): customer mode, app
 * 9090, no forced sign-in, token refresh and auto-refresh off, sign-in shared
 * with the console through the hub.
 */
export function portalAccount(): AccountClient {
  const env = environment();
  client ??= createAccountClient({
    appId: env.appId,
    mode: 'customer',
    accountServer: env.accountServer,
    refresh: false,
    autoRefresh: false,
    hub: true,
    loadProfile: portalProfile,
  });
  return client;
}

/** Reads the portal's view of the user again: the console may have certified the company meanwhile. */
export async function refreshPortalProfile(): Promise<void> {
  const profile = await portalProfile();
  const user = $userInfo.get();
  if (user && profile.potalStatus !== undefined) setUserInfo({ ...user, ...profile });
}

/** Checks the sign-in once per page, however many elements ask. */
export function startPortalAccount(): Promise<UserInfo | null> {
  started ??= portalAccount().init();
  return started;
}
