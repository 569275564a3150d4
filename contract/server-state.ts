import type { FriendlyLink, PageCommon, Theme } from './page-data';

/**
 * What a server-rendered page already knows, handed over to the stores instead of
 * fetched again: the host writes it, the elements read it.
 */
export interface ServerState {
  theme?: Theme;
  pageCommon?: PageCommon | null;
  friendlyLinks?: FriendlyLink[];
}

/** The id of the `<script type="application/json">` that carries it. */
export const SERVER_STATE_ID = 'portal-state';
