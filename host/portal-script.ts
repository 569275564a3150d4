import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { PortalEnvironment } from '../contract/environments';
import { encodingFor, unchanged } from './precompressed';
import type { ScriptEntry, WidgetBuild } from './widget-build';

/** What a script tells the page about its environment (`announcedEnvironment`). */
export type Announced = Partial<PortalEnvironment>;

/** The environment a script announces to the page, as a statement. */
export const announceEnvironment = (announced: Announced) =>
  `window[Symbol.for("portal.env")]=${JSON.stringify(announced)};`;

/**
 * A built classic script with `announce` (statements telling the page about this
 * server) appended; undefined when not built.
 */
export function announcedSource(build: WidgetBuild, file: ScriptEntry, announce: string): Buffer | undefined {
  const source = build.scripts[file]?.toString('utf8');
  if (source === undefined) return undefined;
  // Appended to the code's line, before the source map comment, so no mapping moves.
  return Buffer.from(source.replace(/\n(\/\/# sourceMappingURL=.*)?\s*$/, (tail) => `${announce}${tail}`));
}

/** `portal.js` as built, with this server's environment appended; undefined when not built. */
export const announcedPortalScript = (build: WidgetBuild, announced: Announced) =>
  announcedSource(build, 'portal.js', announceEnvironment(announced));

/** A handler that needs nothing of Express: the app answers with it before Express sets a request up. */
export type PlainHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Serves an announced script (see `announcedSource`), revalidated every five
 * minutes; undefined when it is not built.
 */
export function announcedScript(build: WidgetBuild, file: ScriptEntry, announce: string): PlainHandler | undefined {
  const body = announcedSource(build, file, announce);
  return body && serveScript(body, 'public, max-age=300, must-revalidate');
}

/**
 * `/widgets/portal.js` with this server's environment appended, so a partner page
 * that loads it learns where the APIs and the account service are.
 */
export function portalScript(build: WidgetBuild, announced: Announced): PlainHandler | undefined {
  return announcedScript(build, 'portal.js', announceEnvironment(announced));
}

/** Sends one script body, compressed once, to any origin, revalidated by ETag. */
export function serveScript(body: Buffer, cacheControl: string): PlainHandler {
  const variants = {
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(body, { level: 9 }),
    identity: body,
  };
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

  const headers = {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': cacheControl,
    'Access-Control-Allow-Origin': '*',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'X-Content-Type-Options': 'nosniff',
    Vary: 'Accept-Encoding',
    ETag: etag,
  };

  return (req, res) => {
    if (unchanged(req, etag)) return void res.writeHead(304, headers).end();
    // Our preference, not the client's order: browsers list gzip before br.
    const encoding = encodingFor(req.headers['accept-encoding']);
    const body = variants[encoding];
    res.writeHead(200, {
      ...headers,
      ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
      'Content-Length': body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
