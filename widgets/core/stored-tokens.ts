/**
 * The sign-in this origin keeps, read and written without the stores: the light
 * sign-in check (account/sign-in-check.ts) reads it on a first view, before any
 * framework is here. `tokens.ts` adds the store that follows it.
 */

/** Credentials from the central account service. */
export interface Tokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds at which the access token stops being valid. */
  expiresAt: number;
}

/** Where the portal keeps its sign-in (see README, "Where tokens are kept"). */
export const TOKEN_STORAGE_KEY = 'portal.guc.tokens';

export function isTokens(value: unknown): value is Tokens {
  const tokens = value as Tokens | null;
  return (
    typeof tokens?.accessToken === 'string' &&
    typeof tokens.refreshToken === 'string' &&
    typeof tokens.expiresAt === 'number'
  );
}

/** The tokens in storage now (another tab may have written them since). */
export function readStoredTokens(): Tokens | null {
  try {
    const value = JSON.parse(localStorage.getItem(TOKEN_STORAGE_KEY) ?? 'null');
    return isTokens(value) ? value : null;
  } catch {
    return null; // storage blocked (sandboxed frame) or corrupted
  }
}

/** Keeps the tokens in storage, or forgets them (null). */
export function storeTokens(tokens: Tokens | null): void {
  try {
    if (tokens) localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(tokens));
    else localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Without storage the sign-in lasts for this page only.
  }
}
