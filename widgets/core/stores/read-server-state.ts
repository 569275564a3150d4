import { SERVER_STATE_ID, type ServerState } from '../../../contract/server-state';
import { $friendlyLinks } from './friendly-links';
import { $theme } from './layout';
import { $pageCommon } from './page-common';

/**
 * Seeds the stores from `<script type="application/json" id="portal-state">` (data,
 * never executed, so no CSP nonce is needed). Bad JSON is ignored: the elements
 * then fetch what they need themselves.
 */
export function readServerState(doc: Document = document): ServerState {
  const text = doc.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return {};
  try {
    const state = JSON.parse(text) as ServerState;
    if (state.theme === 'dark' || state.theme === 'light') $theme.set(state.theme);
    if (state.pageCommon) $pageCommon.set(state.pageCommon);
    if (Array.isArray(state.friendlyLinks)) $friendlyLinks.set(state.friendlyLinks);
    return state;
  } catch {
    return {};
  }
}

/**
 * Reads the server's state once `doc` has been parsed. The state closes the page,
 * and element code can run while the rest is still arriving: reading then would
 * find nothing, and the elements would fetch what the page is about to hand over.
 * A parsed page is read at once, so its stores are seeded before any first render.
 */
export function readServerStateWhenParsed(doc: Document = document): Promise<ServerState> {
  if (doc.readyState !== 'loading') return Promise.resolve(readServerState(doc));
  return new Promise((resolve) =>
    doc.addEventListener('DOMContentLoaded', () => resolve(readServerState(doc)), { once: true }),
  );
}

/** Settles once the page's own state is in the stores (or known to be absent). */
export const serverStateRead: Promise<ServerState> = readServerStateWhenParsed();
