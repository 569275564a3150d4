import { atom } from 'nanostores';

/** The signed-in customer, merged from the account service and the portal (SPEC §3). */
export interface UserInfo {
  name: string;
  headImg: string;
  companyId: string | null;
  userName: string;
  mobile: string;
  /** Whether the company is a certified enterprise (the spec's spelling). */
  potalStatus: boolean;
}

/** `null` while loading, when signed out, and after a failed load. */
export const $userInfo = atom<UserInfo | null>(null);
/** True until the first sign-in check has finished. */
export const $userInfoLoading = atom(true);
/** The company of the signed-in user; sent as the `companyId` header (0 if none). */
export const $companyId = atom<string | null>(null);

export function setUserInfo(user: UserInfo | null): void {
  $userInfo.set(user);
  $companyId.set(user?.companyId ?? null);
  $userInfoLoading.set(false);
}
