import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { isMobileUserAgent } from '../../widgets/login/LoginView';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A rendered page, kept with its compressed copies so a hit costs no work. */
interface CachedPage {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
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

  /** Sends the page for this request, rendering it only when it is not kept. */
  async send(req: Request, res: Response, produce: Produce): Promise<void> {
    const page = await this.pages.fetch(keyOf(req), { context: produce });
    if (!page) throw new Error('the page could not be rendered');
    sendCached(req, res, page);
  }

  /**
   * Sends a fresh kept page before any routing or other work, the common case
   * under load; anything else (stale, not kept, a preview) goes on to the routes.
   */
  freshPages(): RequestHandler {
    return (req, res, next) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || req.query.preview !== undefined) return next();
      const key = keyOf(req);
      const page = this.pages.getRemainingTTL(key) > 0 ? this.pages.peek(key) : undefined;
      if (!page) return next();
      sendCached(req, res, page);
    };
  }

  clear(): void {
    this.pages.clear();
  }
}

/** A page's address and device variant (mobile visitors get the page without the login widget). */
const keyOf = (req: Request) =>
  `${isMobileUserAgent(req.get('user-agent') ?? '') ? 'mobile' : 'desktop'} ${req.originalUrl}`;

function sendCached(req: Request, res: Response, page: CachedPage): void {
  res.status(200).type('html').setHeader('Cache-Control', 'no-cache');
  res.setHeader('ETag', page.etag);
  res.append('Vary', 'Accept-Encoding, User-Agent');
  if (req.fresh) return void res.status(304).end();
  const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
  if (encoding === 'br' || encoding === 'gzip') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  if (req.method === 'HEAD') return void res.end();
  res.end(body);
}
