import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { isMobileUserAgent } from '../../contract/user-agent';
import type { Logger } from '../logger';
import { type Encoding, encodingFor, unchanged } from '../precompressed';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A rendered page, kept with its compressed copies so a hit costs no work. */
interface CachedPage {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /**
   * Every header of the page's answer but the body's own, as the middleware set
   * them the first time it was sent (security headers, CSP): from then on
   * `answerFresh` sends it with no middleware at all.
   */
  headers?: OutgoingHttpHeaders;
}

/** Renders the page afresh; throwing (a 404, a failed back-end) is passed on. */
type Produce = () => Promise<string>;

export interface PageCacheOptions {
  /** How long a page is served without rendering it again. */
  freshMs?: number;
  /** How many pages (address and device variant) are kept. */
  maxPages?: number;
}

async function compressed(html: string): Promise<CachedPage> {
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
  return { etag, identity, br, gzip: gz };
}

/**
 * Rendered pages, kept per address and device variant (mobile visitors get the
 * page without the login widget), with stale-while-revalidate: a page older
 * than `freshMs` is still sent at once while the same request renders it again
 * in the background for the next visitor. Pages carry no per-visitor bytes (the
 * CSP allows their styles by hash), so one rendering serves everyone.
 */
export class PageCache {
  private readonly pages: LRUCache<string, CachedPage, Produce>;

  constructor({ freshMs = 10_000, maxPages = 500 }: PageCacheOptions = {}) {
    this.pages = new LRUCache<string, CachedPage, Produce>({
      max: maxPages,
      ttl: freshMs,
      allowStale: true,
      // A failed refresh (the item is gone, the back-end is down) drops the page:
      // the next visitor gets the truth, not a page kept forever.
      allowStaleOnFetchRejection: false,
      fetchMethod: async (_key, _stale, { context }) => compressed(await context()),
    });
  }

  /**
   * Whether this request's page is kept: not an administrator's preview, and no
   * query parameter that no page reads (junk parameters must not push the real
   * pages out). Other pages are rendered and sent as usual.
   */
  keeps(req: Request): boolean {
    return req.query.preview === undefined && keepable(req.originalUrl);
  }

  /** Sends the page for this request (one `keeps` accepts), rendering it only when it is not kept. */
  async send(req: Request, res: Response, produce: Produce): Promise<void> {
    const page = await this.pages.fetch(keyOf(req), { context: produce });
    if (!page) throw new Error('the page could not be rendered');
    page.headers ??= answerHeaders(res);
    sendCached(req, res, page, encodingFor(req.headers['accept-encoding']));
  }

  /**
   * Answers this request with a fresh kept page, if there is one, and says
   * whether it did: the common case under load. Its headers were kept with it,
   * so a hit is a lookup and one write. Anything else (stale, not kept, a
   * preview, another method) is left to the app.
   */
  answerFresh(req: IncomingMessage, res: ServerResponse, logger: Logger): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    if (url.includes('preview')) return false;
    const key = keyOf(req);
    const page = this.pages.getRemainingTTL(key) > 0 ? this.pages.peek(key) : undefined;
    if (!page?.headers) return false;
    const status = sendCached(req, res, page, encodingFor(req.headers['accept-encoding']));
    if (logger.isLevelEnabled('info'))
      logger.info(
        { req: { method: req.method, url: url.slice(0, 200) }, res: { statusCode: status } },
        'request completed',
      );
    return true;
  }

  clear(): void {
    this.pages.clear();
  }
}

/**
 * A page's key: device variant (mobile visitors get the page without the login
 * widget), host (pages name their public origin, which without
 * PORTAL_PUBLIC_ORIGIN is the host asked for) and address.
 */
const keyOf = (req: IncomingMessage) =>
  `${isMobileUserAgent(req.headers['user-agent'] ?? '') ? 'mobile' : 'desktop'} ${req.headers.host ?? ''} ${req.url}`;

/** Every query parameter a kept page reads; `preview` pages are never kept. */
const PAGE_PARAMETERS = new Set([
  'page',
  'type',
  'id',
  'categoryId',
  'keyword',
  'url',
  'topic',
  'sent',
  'associationNo',
  'productId',
  'edition',
  'orderNo',
]);
const keepable = (url: string) => {
  const query = url.indexOf('?');
  return query < 0 || [...new URLSearchParams(url.slice(query)).keys()].every((name) => PAGE_PARAMETERS.has(name));
};

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
function answerHeaders(res: Response): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (!KEPT_HEADERS.has(name) || value === undefined) continue;
    kept[name] = name === 'content-security-policy' ? String(value).replace(/ 'nonce-[^']*'/g, '') : value;
  }
  return kept;
}

/** Sends a kept page with its own headers; answers the status sent. */
function sendCached(req: IncomingMessage, res: ServerResponse, page: CachedPage, encoding: Encoding): number {
  const body = page[encoding];
  const headers: OutgoingHttpHeaders = {
    ...page.headers,
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-cache',
    etag: page.etag,
    vary: 'Accept-Encoding, User-Agent',
  };
  if (unchanged(req, page.etag)) {
    res.writeHead(304, headers).end();
    return 304;
  }
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  headers['content-length'] = body.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  return 200;
}
