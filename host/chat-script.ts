import type { RequestHandler } from 'express';
import type { ChatConfig } from './config';
import { type Announced, announcedScript, announceEnvironment, type PlainHandler } from './portal-script';
import type { WidgetBuild } from './widget-build';

/** What the launcher needs to know about the chat, announced with `chat.js`. */
export function announcedChat(chat: ChatConfig) {
  return chat.provider === 'meiqia'
    ? { provider: 'meiqia', entId: chat.meiqiaEntId, script: chat.meiqiaScript }
    : { provider: 'builtin' };
}

/**
 * `/widgets/chat.js`, the one-tag chat embed, with this server's environment and
 * chat provider appended (as `portal.js` carries the environment). Built once,
 * compressed once, revalidated by ETag.
 */
export function chatScript(build: WidgetBuild, announced: Announced, chat: ChatConfig): PlainHandler | undefined {
  // The entry only starts loading before this runs; everything that reads these waits for a chunk.
  return announcedScript(
    build,
    'chat.js',
    `${announceEnvironment(announced)}window[Symbol.for("portal.chat")]=${JSON.stringify(announcedChat(chat))};`,
  );
}

/** With the hosted provider, portal pages must be allowed to load its script, frames and connections. */
export function chatProviderCsp(chat: ChatConfig | undefined): RequestHandler {
  if (chat?.provider !== 'meiqia') return (_req, _res, next) => next();
  const origin = new URL(chat.meiqiaScript).origin;
  return (_req, res, next) => {
    const csp = String(res.getHeader('Content-Security-Policy') ?? '');
    res.setHeader(
      'Content-Security-Policy',
      csp.replace(/(script-src|connect-src|frame-src|img-src) ([^;]*)/g, `$1 $2 ${origin}`),
    );
    next();
  };
}
