import { isMobileUserAgent } from '../../../contract/user-agent';
import { environment } from '../env';
import { $userInfo, setUserInfo, type UserInfo } from '../stores/user';
import { $tokens, saveTokens } from '../tokens';
import { hubUrl, sharedHub } from './hub';
import { hubWelcomesThisPage } from './hub-welcome';

/** The account SDK and the HTTP client it needs: fetched only when someone may be signed in. */
export const loadPortalAccount = () => import('./portal-account');

/** The account service's hub, one frame per page (the SDK uses the same one). */
const portalHub = () => {
  const env = environment();
  return sharedHub(hubUrl(env.accountServer, env.appId));
};

/** A sign-in to finish in the address, or a token this origin holds: known without the hub. */
const signedInHere = () =>
  new URLSearchParams(location.search).has('code') || ($tokens.get()?.expiresAt ?? 0) > Date.now();

/**
 * Whether this visitor may be signed in: signed in here, or through another
 * origin, as the hub says. Most visitors are neither, and then the SDK is never downloaded.
 */
async function maySignIn(): Promise<boolean> {
  if (signedInHere()) return true;
  const shared = await portalHub().get();
  return (shared?.expiresAt ?? 0) > Date.now();
}

let started: Promise<UserInfo | null> | undefined;

/**
 * Checks the sign-in once per page, however many elements ask: the user, or null
 * for a visitor. The light front door to `startPortalAccount`. On an origin the
 * account service does not list (or where the elements do not know their portal)
 * no one is signed in, and its hub is never framed (`hubWelcomesThisPage`).
 */
export function startPortalSession(): Promise<UserInfo | null> {
  started ??= hubWelcomesThisPage().then(async (welcome) => {
    if (welcome && (await maySignIn())) return (await loadPortalAccount()).startPortalAccount();
    setUserInfo(null);
    if (!welcome) return null;
    // A sign-in on another origin reaches this page through the hub: only then
    // does the SDK come. From then on the SDK hears the hub itself; this listener
    // saving a later sign-in's tokens first made the SDK's own take it for one it
    // already had, and the page stayed signed out.
    let handedOver = false;
    void portalHub().onChange((tokens) => {
      if (!tokens || handedOver) return;
      handedOver = true;
      saveTokens(tokens);
      void loadPortalAccount().then((account) => account.startPortalAccount());
    });
    return null;
  });
  return started;
}

/**
 * The check a page makes by itself as it loads, for elements that show only to a
 * signed-in user (`load-on="signed-in"`). A phone's page shows no sign-in
 * (SPEC §2), so there it asks the hub only once something needs the user (an
 * order, which calls `startPortalSession`): as it loads, it finishes a sign-in
 * coming back to this address or goes on with one this origin holds. The hub's
 * frame was the costliest work after the first paint of a phone's visit.
 */
export function checkSignInOnLoad(): Promise<UserInfo | null> {
  if (started || signedInHere() || !isMobileUserAgent(navigator.userAgent)) return startPortalSession();
  return Promise.resolve(null);
}

/**
 * The first user this page finds, as it loads (`checkSignInOnLoad`) or later: one
 * an action asked for, or, once the page has asked the hub (at once on a desktop),
 * a sign-in on another origin reaching it through the hub.
 */
export function whenSignedIn(): Promise<UserInfo> {
  void checkSignInOnLoad();
  return new Promise((resolve) => {
    const found = (user: UserInfo | null) => {
      if (!user) return;
      stop();
      resolve(user);
    };
    const stop = $userInfo.listen(found);
    found($userInfo.get());
  });
}
