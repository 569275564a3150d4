import type { ChatLang } from './types';

/** The launcher's texts; the button's name says how many messages are unread. */
export const LAUNCHER_TEXT = {
  'zh-CN': {
    label: '在线客服',
    unreachable: '在线客服暂时无法连接',
    unread: (n: number) => `在线客服，${n} 条未读消息`,
  },
  en: {
    label: 'Chat with us',
    unreachable: 'Chat unavailable at the moment',
    unread: (n: number) => `Chat with us, ${n} unread message${n === 1 ? '' : 's'}`,
  },
};

const ICON =
  '<svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false"><path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/><path d="M8 10h8M8 13h5" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

/**
 * The launcher's shadow markup, closed and with nothing unread: built by the
 * element, and by the server for portal pages (declarative shadow DOM), where the
 * element adopts it when its code comes.
 */
export function launcherMarkup(lang: ChatLang): string {
  const label = LAUNCHER_TEXT[lang].label;
  return `<div class="panel" part="panel"></div><button type="button" class="launcher" part="button" aria-expanded="false" aria-label="${label}" title="${label}">${ICON}<span class="badge" part="badge" aria-hidden="true" hidden></span></button>`;
}
