import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';
import type { PortalEnvName } from '../widgets/core/env';
import type { ChatConfig } from './config';
import { announcedEnvironment } from './environments';

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
export function chatScript(widgetsDir: string, env: PortalEnvName, chat: ChatConfig): RequestHandler {
  let source: string;
  try {
    source = readFileSync(join(widgetsDir, 'chat.js'), 'utf8');
  } catch {
    return (_req, _res, next) => next(); // not built: the static files answer 404
  }
  const announce =
    `window[Symbol.for("portal.env")]=${JSON.stringify(announcedEnvironment(env))};` +
    `window[Symbol.for("portal.chat")]=${JSON.stringify(announcedChat(chat))};`;
  // The entry only starts loading before this runs; everything that reads these waits for a chunk.
  const body = Buffer.from(source.replace(/\n(\/\/# sourceMappingURL=.*)?\s*$/, (tail) => `${announce}${tail}`));
  const variants = {
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(body, { level: 9 }),
    identity: body,
  };
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return (req, res) => {
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=300, must-revalidate');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', etag);
    if (req.fresh) return void res.status(304).end();
    const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : 'identity';
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.send(variants[encoding]);
  };
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
