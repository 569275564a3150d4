import { atom } from 'nanostores';
import { readStoredTokens, storeTokens, TOKEN_STORAGE_KEY, type Tokens } from './stored-tokens';

export { isTokens, readStoredTokens, TOKEN_STORAGE_KEY, type Tokens } from './stored-tokens';

/** The current tokens; follows other tabs through storage events. */
export const $tokens = atom<Tokens | null>(readStoredTokens());

export function saveTokens(tokens: Tokens | null): void {
  storeTokens(tokens);
  $tokens.set(tokens);
}

/** Tokens from an account-service answer (`expiresIn` in seconds). */
export function tokensFrom(answer: { accessToken: string; refreshToken: string; expiresIn: number }, now = Date.now()) {
  return {
    accessToken: answer.accessToken,
    refreshToken: answer.refreshToken,
    expiresAt: now + answer.expiresIn * 1000,
  };
}

window.addEventListener('storage', (event) => {
  if (event.key === TOKEN_STORAGE_KEY || event.key === null) $tokens.set(readStoredTokens());
});
