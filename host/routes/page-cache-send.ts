import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Response } from 'express';
import { type Encoding, unchanged } from '../precompressed';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A rendered page, kept with its compressed copies so a hit costs no work. */
export interface CachedPage {
  etag: string;
  /** When it was rendered: how long it may stand in for a failing back-end. */
  renderedAt: number;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /**
   * Every header of the page's answer but the body's own, as the middleware set
   * them the first time it was sent (security headers, CSP): from then on
   * `answerFresh` sends it with no middleware at all.
   */
  headers?: OutgoingHttpHeaders;
  /** The whole 200 answer's headers per encoding, made from `headers` at its first send: a hit then builds nothing. */
  answers?: Partial<Record<Encoding, OutgoingHttpHeaders>>;
}

/** A page as it is kept: compressed once at high levels, with its ETag. */
export async function compressed(html: string): Promise<CachedPage> {
  const identity = Buffer.from(html, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { etag, renderedAt: Date.now(), identity, br, gzip: gz };
}

/**
 * The headers kept with a page: the security headers the middleware sets for
 * every page alike (an allowlist: whatever else a future middleware adds stays
 * out), the CSP without a nonce (pages have no inline script, and a kept nonce
 * would be known to all).
 */
const KEPT_HEADERS = new Set([
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'permissions-policy',
]);

/** The headers to keep with a page, from its first answer (`KEPT_HEADERS`). */
export function answerHeaders(res: Response): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (!KEPT_HEADERS.has(name) || value === undefined) continue;
    kept[name] = name === 'content-security-policy' ? String(value).replace(/ 'nonce-[^']*'/g, '') : value;
  }
  return kept;
}

/** The headers every answer of a kept page has, the body's own apart. */
const commonHeaders = (page: CachedPage): OutgoingHttpHeaders => ({
  ...page.headers,
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-cache',
  etag: page.etag,
  // Cookie: a visitor who agreed to cookies gets the page without the notice (page-cache-keys.ts).
  vary: 'Accept-Encoding, User-Agent, Cookie',
});

/** The 200 answer's headers for this encoding: made once per kept page (Node only reads them). */
function answerOf(page: CachedPage, encoding: Encoding): OutgoingHttpHeaders {
  const made = page.answers?.[encoding];
  if (made) return made;
  const answer = commonHeaders(page);
  if (encoding !== 'identity') answer['content-encoding'] = encoding;
  answer['content-length'] = page[encoding].length;
  // Kept only once the page's own headers are there: they are the same from then on.
  if (page.headers) page.answers = { ...page.answers, [encoding]: answer };
  return answer;
}

/** Sends a kept page with its own headers; answers the status sent. */
export function sendCached(req: IncomingMessage, res: ServerResponse, page: CachedPage, encoding: Encoding): number {
  if (unchanged(req, page.etag)) {
    res.writeHead(304, commonHeaders(page)).end();
    return 304;
  }
  res.writeHead(200, answerOf(page, encoding));
  res.end(req.method === 'HEAD' ? undefined : page[encoding]);
  return 200;
}
