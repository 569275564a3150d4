import { environment } from '../env';
import { setUserInfo, type UserInfo } from '../stores/user';
import { $tokens, saveTokens } from '../tokens';
import { hubUrl, sharedHub } from './hub';

/** The account SDK and the HTTP client it needs: fetched only when someone may be signed in. */
export const loadPortalAccount = () => import('./portal-account');

/** The account service's hub, one frame per page (the SDK uses the same one). */
const portalHub = () => {
  const env = environment();
  return sharedHub(hubUrl(env.accountServer, env.appId));
};

/**
 * Whether this visitor may be signed in: a sign-in to finish in the address, a
 * token this page holds (from this origin's storage), or one shared by another
 * origin through the hub. Most visitors have none, and then the SDK is never downloaded.
 */
async function maySignIn(): Promise<boolean> {
  if (new URLSearchParams(location.search).has('code')) return true;
  const now = Date.now();
  if (($tokens.get()?.expiresAt ?? 0) > now) return true;
  const shared = await portalHub().get();
  return (shared?.expiresAt ?? 0) > now;
}

let started: Promise<UserInfo | null> | undefined;

/**
 * Checks the sign-in once per page, however many elements ask: the user, or null
 * for a visitor. The light front door to `startPortalAccount`.
 */
export function startPortalSession(): Promise<UserInfo | null> {
  started ??= maySignIn().then(async (may) => {
    if (may) return (await loadPortalAccount()).startPortalAccount();
    setUserInfo(null);
    // A sign-in on another origin reaches this page through the hub: only then
    // does the SDK come.
    void portalHub().onChange((tokens) => {
      if (!tokens) return;
      saveTokens(tokens);
      void loadPortalAccount().then((account) => account.startPortalAccount());
    });
    return null;
  });
  return started;
}
