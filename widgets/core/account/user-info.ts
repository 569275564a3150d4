import type { UserInfo } from '../stores/user';

/** The user as the account service describes them. */
export interface CustomerInfo {
  name?: string;
  userName?: string;
  headImg?: string;
  mobile?: string;
  companyId?: string | number | null;
  potalStatus?: boolean;
}

/** The user the page shows: the account service's description, completed by the portal's profile (certification, company). */
export function toUserInfo(info: CustomerInfo, profile: Partial<UserInfo>): UserInfo {
  const companyId = profile.companyId ?? (info.companyId == null ? null : String(info.companyId));
  return {
    name: info.name || info.userName || profile.userName || '',
    headImg: info.headImg || '',
    userName: profile.userName || info.userName || info.name || '',
    mobile: profile.mobile || info.mobile || '',
    companyId,
    potalStatus: Boolean(profile.potalStatus ?? info.potalStatus),
  };
}
