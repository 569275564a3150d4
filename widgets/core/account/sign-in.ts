import { randomString } from '../../../contract/random-ids';

/** The one-time `state` of a sign-in under way, checked when the service echoes it. */
export const STATE_STORAGE_KEY = 'portal.guc.state';
/** The PKCE code verifier of a sign-in under way (RFC 7636): only this tab can exchange its code. */
export const VERIFIER_STORAGE_KEY = 'portal.guc.verifier';

/** The S256 challenge of a verifier; undefined where the page has no Web Crypto (an http page not on localhost). */
async function challengeOf(verifier: string): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The current address without the sign-in parameters: where the service sends us back. */
export function currentAddress(): URL {
  const url = new URL(location.href);
  url.searchParams.delete('code');
  url.searchParams.delete('state');
  return url;
}

/**
 * A sign-in this tab starts: its one-time state and PKCE verifier are kept in
 * the tab; its address to come back to, its state and its S256 challenge (none
 * without Web Crypto) come back for the account service's sign-in address. It returns to `returnTo` when that is an address of this origin, else
 * to this page.
 */
export async function startSignIn(returnTo: string | undefined) {
  const back = returnTo === undefined ? undefined : new URL(returnTo, location.href);
  const state = randomString(32);
  const verifier = randomString(64);
  sessionStorage.setItem(STATE_STORAGE_KEY, state);
  sessionStorage.setItem(VERIFIER_STORAGE_KEY, verifier);
  const challenge = await challengeOf(verifier);
  // Without a challenge the service refuses a verifier (PKCE downgrade): send none.
  if (!challenge) sessionStorage.removeItem(VERIFIER_STORAGE_KEY);
  return { redirectUri: (back?.origin === location.origin ? back : currentAddress()).href, state, challenge };
}

/**
 * The sign-in coming back in the URL: its code, the address it came back to and
 * this tab's verifier. Undefined when there is none, and when it is not the one
 * this tab started: a code without its state (another site's sign-in form posted
 * at us, a link someone sent) signs nobody in, and nobody out either. The URL
 * loses the sign-in parameters.
 */
export function returnedSignIn(): { code: string; redirectUri: string; verifier: string | null } | undefined {
  const here = new URL(location.href);
  const code = here.searchParams.get('code');
  if (!code) return undefined;
  const echoed = here.searchParams.get('state');
  const expected = sessionStorage.getItem(STATE_STORAGE_KEY);
  const verifier = sessionStorage.getItem(VERIFIER_STORAGE_KEY);
  sessionStorage.removeItem(STATE_STORAGE_KEY);
  sessionStorage.removeItem(VERIFIER_STORAGE_KEY);
  const back = currentAddress();
  history.replaceState(history.state, '', back);
  if (expected === null || echoed !== expected) return undefined;
  return { code, redirectUri: back.href, verifier };
}
