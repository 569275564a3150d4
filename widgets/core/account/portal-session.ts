import { isMobileUserAgent } from '../../../contract/user-agent';
import { $userInfo, setUserInfo, type UserInfo } from '../stores/user';
import { $tokens } from '../tokens';
import { maySignIn, onHandOver, signedInHere, signInFound } from './sign-in-check';

/** The account SDK and the HTTP client it needs: fetched only when someone may be signed in. */
export const loadPortalAccount = () => import('./portal-account');

let started: Promise<UserInfo | null> | undefined;

// A sign-in on another origin reaches this page through the hub (the light
// check kept its tokens): only then does the SDK come. From then on the SDK
// hears the hub itself.
onHandOver((tokens) => {
  $tokens.set(tokens);
  void loadPortalAccount().then((account) => account.startPortalAccount());
});
// Elements waiting for a user (`load-on="signed-in"`) come with the first one found.
$userInfo.listen((user) => user && signInFound());

/**
 * Checks the sign-in once per page, however many elements ask: the user, or null
 * for a visitor. The front door to `startPortalAccount`, after the light check
 * (sign-in-check.ts): on an origin the account service does not list (or where
 * the elements do not know their portal) no one is signed in, and its hub is
 * never framed (`hubWelcomesThisPage`).
 */
export function startPortalSession(): Promise<UserInfo | null> {
  started ??= maySignIn(() => ($tokens.get()?.expiresAt ?? 0) > Date.now()).then(async (may) => {
    if (may) return (await loadPortalAccount()).startPortalAccount();
    setUserInfo(null);
    return null;
  });
  return started;
}

/**
 * The check a page makes by itself as it loads (see `checkOnLoad` in
 * sign-in-check.ts): on a phone it asks the hub only once something needs the
 * user, or this origin holds a sign-in.
 */
export function checkSignInOnLoad(): Promise<UserInfo | null> {
  if (started || signedInHere() || !isMobileUserAgent(navigator.userAgent)) return startPortalSession();
  return Promise.resolve(null);
}
