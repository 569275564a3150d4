import { $tokens } from '../core/tokens';

/**
 * The access token that names the visitor to the chat service: the sign-in this
 * origin holds, while it is valid. The account service gives it to the portal's
 * pages, and through its hub to every origin registered with it (ACCOUNT_ORIGINS),
 * so a signed-in user is known in the chat on those pages as on the portal's own.
 * It goes only to the portal's chat service, which verifies it as the portal's
 * API does; one past its time would be refused, so the visitor is anonymous then.
 */
export function chatToken(): string | undefined {
  const tokens = $tokens.get();
  return tokens && tokens.expiresAt > Date.now() ? tokens.accessToken : undefined;
}

/** Who the visitor is to the chat service: the signed-in user's token, else the anonymous visitor's id. */
export async function chatIdentity(visitorId: () => Promise<string>): Promise<Record<string, string>> {
  const token = chatToken();
  return token ? { Authorization: `Bearer ${token}` } : { 'X-Chat-Visitor': await visitorId() };
}

/**
 * Whether the user's name and mobile may go to the agent: only along with the
 * token that proves who the user is. The service takes them from the account, and
 * refuses them (401) from a visitor it does not know.
 */
export const mayNameUser = (): boolean => chatToken() !== undefined;
