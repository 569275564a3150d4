import { startPortalSession } from '../core/account/portal-session';
import { portalOrigin } from '../core/config';

/**
 * The chat sends the signed-in user's name and mobile when it is first shown
 * (SPEC §4). A phone's page has not asked the account service for the user as it
 * loaded (see `checkSignInOnLoad`), so on the portal's own pages showing the chat
 * asks now; the chat sends them once the user arrives. Partner pages are not
 * registered with the account service: there the chat never asks.
 */
export function askForUser(): void {
  if (location.origin === portalOrigin) void startPortalSession();
}
