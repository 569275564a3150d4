import { type ChatSettings, SETTINGS_KEY, type StartChat, VISITOR_KEY } from './types';

/** The chat's code, for the configured provider: fetched on first use only. */
const loaders: Record<ChatSettings['provider'], () => Promise<{ startChat: StartChat }>> = {
  builtin: () => import('../chat/builtin'),
  meiqia: () => import('../chat/meiqia'),
};

export const loadChat = (settings: ChatSettings) => loaders[settings.provider]();

/**
 * The chat a launcher runs: the hosted provider (Meiqia) only with the settings
 * `chat.js` announced for it (its account), else the built-in one. `attribute`:
 * the launcher's own `provider`, which wins over the announced one.
 */
export function chatSettings(attribute: string | null): ChatSettings {
  const announced = (window as Window & { [SETTINGS_KEY]?: ChatSettings })[SETTINGS_KEY];
  const provider = attribute ?? announced?.provider;
  return provider === 'meiqia' && announced?.provider === 'meiqia'
    ? announced
    : { provider: provider === 'meiqia' ? 'meiqia' : 'builtin' };
}

/** A visitor with a conversation: the chat starts at once, so the unread count shows. */
export const hasChattedBefore = () => {
  try {
    return !!localStorage.getItem(VISITOR_KEY);
  } catch {
    return false;
  }
};
