import type { UserInfo } from '../stores/user';

/** Where the user last shown for a sign-in is kept, beside its tokens (`portal.guc.tokens`). */
export const USER_STORAGE_KEY = 'portal.guc.user';

/** Enough of the access token to tell one sign-in from another, without keeping the token twice. */
const fingerprint = (accessToken: string) => accessToken.slice(-16);

/**
 * Keeps the user the page showed for this sign-in, or forgets it (null). A
 * reload whose user-info call fails on the service's side (a 5xx, no answer)
 * shows this user again instead of signing the visitor out.
 */
export function rememberUser(accessToken: string | null, user: UserInfo | null): void {
  try {
    if (accessToken && user) {
      localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ sign: fingerprint(accessToken), user }));
    } else localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    // Without storage there is nothing to keep: a failed reload shows the visitor signed out.
  }
}

/** The user last shown for this sign-in, if this origin kept one. */
export function rememberedUser(accessToken: string): UserInfo | null {
  try {
    const kept = JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null') as { sign?: string; user?: UserInfo };
    return kept?.sign === fingerprint(accessToken) && typeof kept.user?.name === 'string' ? kept.user : null;
  } catch {
    return null;
  }
}
