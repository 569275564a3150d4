import { portalKnown } from '../core/portal-known';
import { warnOnce } from '../core/warn-once';
import { askPortal, refusal } from './partner-access';
import { chatSettings } from './provider';

/** Where `chat.js` keeps its answer for the page, so the launcher it loads does not ask again. */
const ASKED = Symbol.for('portal.chat.access');

/**
 * Whether this page may use the chat, asked before the launcher shows (issue #34;
 * `chat.js` asks the same before it adds one): `true` at once on the portal's own
 * pages and with the hosted provider; elsewhere the portal's answer for this
 * origin (CHAT_PARTNER_ORIGINS), asked once per page. A refusal, or a portal the
 * elements do not know (`portalKnown`), is said once in the console, and the
 * launcher renders nothing (the line is `chat.js`'s). An answer the portal cannot give (a network failure,
 * an older portal) lets the launcher show and say so itself when opened.
 */
export function chatAccess(provider: string | null): true | Promise<boolean> {
  if (!portalKnown()) return Promise.resolve(false);
  // `portalOrigin()` spelled out (as chat.js does): config.ts goes with the elements' runtime, which this launcher does without.
  const portal = new URL(
    document.querySelector<HTMLMetaElement>('meta[name=portal-origin]')?.content || import.meta.url,
  ).origin;
  if (location.origin === portal || chatSettings(provider).provider === 'meiqia') return true;
  const page = window as unknown as Record<symbol, Promise<boolean> | undefined>;
  page[ASKED] ??= ask(portal);
  return page[ASKED];
}

async function ask(portal: string): Promise<boolean> {
  if (await askPortal(portal)) return true;
  warnOnce('chat-origin', refusal(portal));
  return false;
}
