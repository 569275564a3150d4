import type { PortalEnvironment } from '../../../contract/environments';
import { isMobileUserAgent } from '../../../contract/user-agent';
import { readStoredTokens, storeTokens, type Tokens } from '../stored-tokens';
import { hubUrl, sharedHub } from './hub';
import type { HubAccess } from './hub-welcome';

/**
 * The sign-in check a first view makes, without the framework: the tokens this
 * origin holds, a sign-in coming back in the address, and the account service's
 * hub frame. Only when it finds someone (or the visitor reaches for the sign-in)
 * do the runtime, the stores and the account SDK come; most visitors are no one.
 * `portal-session.ts` builds the full check on it, so the page asks the hub once.
 * It carries nothing of the stores' chunk: what it needs of them is spelled out.
 */

/**
 * `portalOrigin()` of config.ts: the page's `<meta name="portal-origin">`, else
 * where this code came from (code read from a file has none: then not this page's).
 */
const portal = () =>
  new URL(document.querySelector<HTMLMetaElement>('meta[name=portal-origin]')?.content || import.meta.url).origin;

/**
 * Whether the account service lets this page frame its hub, and where the hub
 * is, as `hubWelcomesThisPage()` and `environment()` say. On the portal's own
 * pages (the portal on this origin, its `portal.js` having announced the
 * environment, `ENV_KEY`, with nothing overriding it) it does, so neither their
 * code nor the stores need come; elsewhere they do (hub-welcome.ts).
 */
function hubAccess(): Promise<HubAccess> {
  const page = window as unknown as Record<symbol, Partial<PortalEnvironment> | undefined>;
  const announced = page[Symbol.for('portal.env')];
  // An announcement means a portal's portal.js ran here: the elements know their portal (portal-known.ts).
  return portal() === location.origin &&
    announced &&
    !page[Symbol.for('portal.config')] &&
    !document.querySelector('meta[name=portal-env]')
    ? Promise.resolve({ welcome: true, accountServer: location.origin, appId: '9090', ...announced })
    : import('./hub-welcome').then(({ hubAccessElsewhere }) => hubAccessElsewhere());
}

/** A sign-in to finish in the address, or a token this origin holds: known without the hub. */
export const signedInHere = () =>
  /[?&]code(=|&|$)/.test(location.search) || (readStoredTokens()?.expiresAt ?? 0) > Date.now();

let asked: Promise<boolean> | undefined;
let welcomed = false;
let handedOver = false;
let tell: () => void;
/** Resolves once someone may be signed in: found as the page loads, or later. */
export const someone = new Promise<void>((resolve) => {
  tell = resolve;
});
let handOver: ((tokens: Tokens) => void) | undefined;

/** A user was found (by this check, through the hub, or by the full session): elements waiting for one come. */
export const signInFound = (): void => tell();

/**
 * A sign-in made on another origin after this page asked, as the hub passes it
 * on: kept here, then given to `listener` (the full session starts the SDK with it).
 */
export const onHandOver = (listener: (tokens: Tokens) => void): void => {
  handOver = listener;
};

/**
 * Whether this visitor may be signed in: here, or on another origin as the hub
 * says (asked once per page; from then on a sign-in there is passed on). False
 * where the account service would refuse the hub. `heldHere`: the full session's
 * tokens, which it may hold in memory only (without storage).
 */
export function maySignIn(heldHere?: () => boolean): Promise<boolean> {
  asked ??= hubAccess().then(async ({ welcome, accountServer, appId }) => {
    welcomed = welcome;
    if (!welcome) return false;
    const hub = sharedHub(hubUrl(accountServer, appId));
    if (signedInHere() || ((await hub.get())?.expiresAt ?? 0) > Date.now()) return true;
    // The SDK, once started, hears the hub itself: only the first sign-in is passed on.
    void hub.onChange((tokens) => {
      if (!tokens || handedOver) return;
      handedOver = true;
      storeTokens(tokens);
      signInFound();
      handOver?.(tokens);
    });
    return false;
  });
  return asked.then((may) => {
    const found = may || (welcomed && (signedInHere() || !!heldHere?.()));
    if (found) signInFound();
    return found;
  });
}

/**
 * The check a page makes by itself as it loads. A phone's page shows no sign-in
 * (SPEC §2), so there it asks the hub only once something needs the user (an
 * order): as it loads, it finishes a sign-in coming back to this address or goes
 * on with one this origin holds. The hub's frame was the costliest work after
 * the first paint of a phone's visit.
 */
export function checkOnLoad(): Promise<boolean> {
  if (asked || signedInHere() || !isMobileUserAgent(navigator.userAgent)) return maySignIn();
  return Promise.resolve(false);
}
