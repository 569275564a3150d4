import { startPortalSession } from '../core/account/portal-session';
import { portalOrigin } from '../core/config';
import { $chat, $userInfo, type UserInfo } from '../core/stores';

/**
 * The chat sends the signed-in user's name and mobile when it is first shown
 * (SPEC §4). A phone's page has not asked the account service for the user as it
 * loaded (see `checkSignInOnLoad`), so on the portal's own pages showing the chat
 * asks now; the chat sends them once the user arrives. Partner pages are not
 * registered with the account service: there the chat never asks.
 */
export function askForUser(): void {
  if (location.origin === portalOrigin()) void startPortalSession();
}

/**
 * As the panel is shown: the signed-in user's name and mobile go to the agent
 * once per conversation (SPEC §4), by whichever provider carries the chat. Asks
 * for the user first (see `askForUser`); a provider calls this again when the
 * user arrives while its panel is shown.
 */
export function sendMetadataOnce(send: (user: UserInfo) => void): void {
  askForUser();
  const user = $userInfo.get();
  if ($chat.get().isSendMetadata || !user) return;
  $chat.set({ ...$chat.get(), isSendMetadata: true });
  send(user);
}
