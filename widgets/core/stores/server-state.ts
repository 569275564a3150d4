import type { FriendlyLink } from './friendly-links';
import type { Theme } from './layout';
import type { PageCommon } from './page-common';

/**
 * What a server-rendered page already knows, handed over to the stores instead of
 * fetched again. Shared by the host (which writes it) and the widgets (which read
 * it), so this module has no side effects.
 */
export interface ServerState {
  theme?: Theme;
  pageCommon?: PageCommon | null;
  friendlyLinks?: FriendlyLink[];
}

/** The id of the `<script type="application/json">` that carries it. */
export const SERVER_STATE_ID = 'portal-state';
