import { $friendlyLinks } from './friendly-links';
import { $theme } from './layout';
import { $pageCommon } from './page-common';
import { SERVER_STATE_ID, type ServerState } from './server-state';

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

readServerState();
