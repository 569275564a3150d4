import { hubWelcomesThisPage } from '../core/account/hub-welcome';
import { startPortalSession } from '../core/account/portal-session';
import { $chat, $userInfo, type UserInfo } from '../core/stores';

/** The sign-in check the chat last asked for. */
let checking: Promise<unknown> = Promise.resolve();

/**
 * The chat sends the signed-in user's name and mobile when it is first shown
 * (SPEC §4). A phone's page has not asked the account service for the user as it
 * loaded (see `checkSignInOnLoad`), and a page elsewhere may carry no sign-in
 * element at all, so showing the chat asks now, on the portal's own pages and on
 * every origin the account service registered (its hub shares the sign-in there);
 * the chat sends them once the user arrives. On an origin it does not list, the
 * chat asks no hub (its `frame-ancestors` would refuse it): the visitor is anonymous.
 */
export function askForUser(): void {
  checking = hubWelcomesThisPage()
    .then((welcome) => (welcome ? startPortalSession() : null))
    .catch(() => {});
}

/**
 * Resolves once the sign-in check the chat asked for has its answer (at once if
 * it asked none): a message sent meanwhile waits for it, so it goes from the
 * visitor the page turns out to be, not from an anonymous one just before.
 */
export const userChecked = (): Promise<unknown> => checking;

/**
 * As the panel is shown: the signed-in user's name and mobile go to the agent
 * once per conversation (SPEC §4), by whichever provider carries the chat. Asks
 * for the user first (see `askForUser`); a provider calls this again when the
 * user arrives while its panel is shown. `mayName`: whether the provider can
 * name the user now (the built-in one only along with the token that proves who
 * it is).
 */
export function sendMetadataOnce(send: (user: UserInfo) => void, mayName: () => boolean = () => true): void {
  askForUser();
  const user = $userInfo.get();
  if ($chat.get().isSendMetadata || !user || !mayName()) return;
  $chat.set({ ...$chat.get(), isSendMetadata: true });
  send(user);
}
