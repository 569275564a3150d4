import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';
import type { PortalEnvName } from '../widgets/core/env';
import { announcedEnvironment } from './environments';

/** The environment a script announces to the page, as a statement. */
export const announceEnvironment = (env: PortalEnvName) =>
  `window[Symbol.for("portal.env")]=${JSON.stringify(announcedEnvironment(env))};`;

/**
 * A built classic script with `announce` (statements telling the page about this
 * server) appended. Built once at start-up, compressed once, revalidated by ETag,
 * open to every origin.
 */
export function announcedScript(widgetsDir: string, file: string, announce: string): RequestHandler {
  let source: string;
  try {
    source = readFileSync(join(widgetsDir, file), 'utf8');
  } catch {
    return (_req, _res, next) => next(); // not built: the static files answer 404
  }
  // Appended to the code's line, before the source map comment, so no mapping moves.
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
    // Our preference, not the client's order: browsers list gzip before br.
    const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : 'identity';
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.send(variants[encoding]);
  };
}

/**
 * `/widgets/portal.js` with this server's environment appended, so a partner page
 * that loads it learns where the APIs and the account service are.
 */
export function portalScript(widgetsDir: string, env: PortalEnvName): RequestHandler {
  return announcedScript(widgetsDir, 'portal.js', announceEnvironment(env));
}
