import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { errorStatus } from '../../contract/errors';
import { isMobileUserAgent } from '../../contract/user-agent';
import { STALE_IF_ERROR_MS } from '../data/upstream';
import { type Logger, loggableUrl } from '../logger';
import { type Encoding, encodingFor, unchanged } from '../precompressed';
import { isOwnHost } from './own-host';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A rendered page, kept with its compressed copies so a hit costs no work. */
interface CachedPage {
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
}

/**
 * Renders the page afresh; throwing (a 404, a failed back-end) is passed on.
 * `background`: a kept page rendered again behind its answer, which nobody waits for.
 */
type Produce = (background: boolean) => Promise<string>;

export interface PageCacheOptions {
  /** How long a page is served without rendering it again. */
  freshMs?: number;
  /** How many pages (address and device variant) are kept. */
  maxPages?: number;
  /** How long a kept page stands in while rendering it again fails with a server error (default a day). */
  staleIfErrorMs?: number;
  /**
   * Whether pages are the same whatever host they are asked for under (true when
   * PORTAL_PUBLIC_ORIGIN names the site's address, which pages then show).
   */
  oneHost?: boolean;
}

/**
 * Other host names pages are kept for, first come, when each host gets its own
 * pages (no PORTAL_PUBLIC_ORIGIN): the site's few names. The machine's own names
 * are always kept (`isOwnHost`), so forged hosts cannot take their places.
 */
const MAX_HOSTS = 4;
const HOSTS_FULL = `pages are kept for at most ${MAX_HOSTS} host names besides this machine's own, and this one is not: set PORTAL_PUBLIC_ORIGIN to the site's address so every page is kept whatever host a request names`;

/** How soon a free-text page must be asked for again to be kept (`keepsWhenAskedAgain`). */
const ASKED_AGAIN_WITHIN_MS = 10 * 60 * 1000;

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
  return { etag, renderedAt: Date.now(), identity, br, gzip: gz };
}

/**
 * Rendered pages, kept per address and device variant (mobile visitors get the
 * page without the login widget), with stale-while-revalidate: a page older
 * than `freshMs` is still sent at once while the same request renders it again
 * in the background for the next visitor; while the back-end fails, the last
 * good page is served on (stale-if-error). Pages carry no per-visitor bytes (the
 * CSP allows their styles by hash), so one rendering serves everyone.
 */
export class PageCache {
  private readonly pages: LRUCache<string, CachedPage, Produce>;
  private readonly oneHost: boolean;
  private readonly logger?: Logger;
  private readonly onLookup?: (result: 'hit' | 'stale' | 'miss') => void;
  private readonly hosts = new Set<string>();
  private warnedHostsFull = false;
  /** The query parameters each kept page's path reads, for the lookup before routing. */
  private readonly readsByPath: LRUCache<string, readonly string[]>;
  /** First renders under way, by key. */
  private readonly rendering = new Map<string, Promise<CachedPage>>();
  /** Free-text pages (search) asked for once lately: a second ask keeps the page. */
  private readonly askedOnce: LRUCache<string, true>;
  /**
   * Free-text pages kept because they were asked for again, at most a tenth of
   * the pages: however many words are asked for twice, the site's own pages stay.
   */
  private readonly keptWhenAskedAgain: LRUCache<string, true>;

  constructor({
    freshMs = 10_000,
    maxPages = 500,
    staleIfErrorMs = STALE_IF_ERROR_MS,
    oneHost = false,
    logger,
    onLookup,
  }: PageCacheOptions & {
    logger?: Logger;
    /** Told of each lookup of a kept page: fresh, stale (sent while it renders again), or not kept yet. */
    onLookup?: (result: 'hit' | 'stale' | 'miss') => void;
  } = {}) {
    this.oneHost = oneHost;
    this.logger = logger;
    this.onLookup = onLookup;
    this.readsByPath = new LRUCache({ max: maxPages * 2 });
    this.askedOnce = new LRUCache({ max: maxPages * 8, ttl: ASKED_AGAIN_WITHIN_MS });
    this.keptWhenAskedAgain = new LRUCache({
      max: Math.max(1, Math.floor(maxPages / 10)),
      // Its place taken by a newer one: the page goes too.
      dispose: (_value, key, reason) => {
        if (reason === 'evict') this.pages.delete(key);
      },
    });
    this.pages = new LRUCache<string, CachedPage, Produce>({
      max: maxPages,
      ttl: freshMs,
      allowStale: true,
      fetchMethod: async (key, stale, { context }) => {
        try {
          return await compressed(await context(true));
        } catch (error) {
          // A failing back-end (a 5xx, a deadline) keeps the last good page for
          // everyone, tried again after `freshMs`, up to `staleIfErrorMs`. Anything
          // else (the item is gone) drops it: the next visitor gets the truth.
          if (stale && errorStatus(error) >= 500 && Date.now() - stale.renderedAt <= staleIfErrorMs) {
            this.logger?.warn({ err: error, page: key, renderedAt: new Date(stale.renderedAt) }, 'kept page served on');
            return stale;
          }
          throw error;
        }
      },
    });
  }

  /**
   * Whether this request's page is kept: not an administrator's preview, and
   * asked for under one of the site's host names (the first few seen), so
   * forged Host headers cannot fill the cache either.
   */
  keeps(req: Request): boolean {
    return req.query.preview === undefined && this.keepsHost(req.headers.host ?? '', req.socket.localPort);
  }

  /**
   * Whether a free-text page (search: every word makes another address) is kept:
   * once it is asked for a second time within ten minutes. Words asked for once,
   * as junk is, are rendered and sent as they are, never compressed at high levels
   * nor kept; a search people repeat (a popular word, a shared link) is answered
   * like any kept page. Call after `keeps`.
   */
  keepsWhenAskedAgain(req: Request, reads: readonly string[]): boolean {
    const key = this.canonicalKey(req, reads);
    if (this.keptWhenAskedAgain.get(key)) return true;
    if (!this.askedOnce.has(key)) {
      this.askedOnce.set(key, true);
      return false;
    }
    this.askedOnce.delete(key);
    this.keptWhenAskedAgain.set(key, true);
    return true;
  }

  /**
   * Whether this request's page is kept, fresh or stale: sending it renders at
   * most once for everyone (a stale one again in the background), so per-address
   * limits on costly pages (search) count only the pages not kept.
   */
  holds(req: Request, reads: readonly string[] = []): boolean {
    return this.keeps(req) && this.pages.peek(this.canonicalKey(req, reads)) !== undefined;
  }

  /** Whether a page is kept, fresh or stale, at this address as asked for (no routing yet). */
  holdsAddress(req: IncomingMessage): boolean {
    return this.pages.peek(this.keyOf(req)) !== undefined;
  }

  /**
   * `holds`, before the page's handler has said what it reads: with the query
   * parameters its page was kept by. A page never kept at this path is not held.
   */
  holdsRouted(req: Request): boolean {
    const reads = this.readsByPath.get(routedPath(req));
    return reads !== undefined && this.holds(req, reads);
  }

  private keepsHost(host: string, localPort: number | undefined): boolean {
    if (this.oneHost || isOwnHost(host, localPort) || this.hosts.has(host)) return true;
    if (this.hosts.size >= MAX_HOSTS) {
      if (!this.warnedHostsFull) this.logger?.warn({ host }, HOSTS_FULL);
      this.warnedHostsFull = true;
      return false;
    }
    this.hosts.add(host);
    return true;
  }

  /**
   * Sends the page for this request (one `keeps` accepts), rendering it only
   * when it is not kept. It is kept under its canonical address (`reads`: the
   * query parameters the page reads), so junk parameters and other spellings of
   * the path get the same page instead of a new one each: nobody can fill the
   * cache, or make the server compress, by inventing addresses.
   */
  async send(req: Request, res: Response, produce: Produce, reads: readonly string[] = []): Promise<void> {
    const key = this.canonicalKey(req, reads);
    // A kept page, fresh or stale, goes through the cache's fetch (a stale one is
    // sent while it renders again). A new one is rendered outside it and kept only
    // once it rendered: a 404 or a failure never takes another page's place.
    const kept = this.pages.peek(key) !== undefined;
    this.onLookup?.(kept ? (this.pages.getRemainingTTL(key) > 0 ? 'hit' : 'stale') : 'miss');
    const page = kept ? await this.pages.fetch(key, { context: produce }) : await this.first(key, produce);
    if (!page) throw new Error('the page could not be rendered');
    page.headers ??= answerHeaders(res);
    sendCached(req, res, page, encodingFor(req.headers['accept-encoding']));
  }

  /** Renders a page not kept yet, once however many ask for it meanwhile, and keeps it. */
  private first(key: string, produce: Produce): Promise<CachedPage> {
    let rendering = this.rendering.get(key);
    if (!rendering) {
      rendering = (async () => {
        try {
          const page = await compressed(await produce(false));
          this.pages.set(key, page);
          return page;
        } finally {
          this.rendering.delete(key);
        }
      })();
      this.rendering.set(key, rendering);
    }
    return rendering;
  }

  /**
   * Answers this request with a fresh kept page, if there is one, and says
   * whether it did: the common case under load. Its headers were kept with it,
   * so a hit is a lookup and one write. Anything else (stale, not kept, a
   * preview, another method) is left to the app.
   */
  answerFresh(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    if (url.includes('preview')) return false;
    const key = this.keyOf(req);
    const page = this.pages.getRemainingTTL(key) > 0 ? this.pages.peek(key) : undefined;
    if (!page?.headers) return false;
    this.onLookup?.('hit');
    const status = sendCached(req, res, page, encodingFor(req.headers['accept-encoding']));
    if (this.logger?.isLevelEnabled('info'))
      this.logger.info(
        { req: { method: req.method, url: loggableUrl(url) }, res: { statusCode: status } },
        'request completed',
      );
    return true;
  }

  /**
   * A page's key before any routing: device variant (mobile visitors get the
   * page without the login widget), host (pages name their public origin, which
   * without PORTAL_PUBLIC_ORIGIN is the host asked for), path as asked for, and
   * of the query only what that path's page reads, when a page is kept there
   * (so `/?id=junk` is answered with `/` here, at the cost of a lookup).
   */
  private keyOf(req: IncomingMessage): string {
    const url = req.url ?? '/';
    const at = url.indexOf('?');
    const reads = at < 0 ? undefined : this.readsByPath.get(url.slice(0, at));
    if (!reads) return this.key(req, url);
    return this.key(req, url.slice(0, at) + readQuery(url.slice(at), reads));
  }

  /**
   * The key of the page a routed request asks for, whatever its spelling: the
   * route's path with its parameters (so `/PRODUCT/` is `/product`) and only the
   * query parameters the page reads, in the order it lists them.
   */
  private canonicalKey(req: Request, reads: readonly string[]): string {
    const path = routedPath(req);
    this.readsByPath.set(path, reads);
    const at = req.originalUrl.indexOf('?');
    return this.key(req, path + (at < 0 ? '' : readQuery(req.originalUrl.slice(at), reads)));
  }

  private key(req: IncomingMessage, address: string): string {
    return `${deviceOf(req)} ${this.oneHost ? '' : (req.headers.host ?? '')} ${address}`;
  }

  clear(): void {
    this.pages.clear();
  }
}

/** The route's path with its parameters (so `/PRODUCT/` is `/product`), or the path as asked for outside a route. */
function routedPath(req: Request): string {
  const route: unknown = req.route?.path;
  return typeof route === 'string'
    ? req.baseUrl +
        route.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(req.params[name] ?? '')))
    : req.path;
}

/** `?…` with only the parameters a page reads, in its order; empty when none is there. */
function readQuery(search: string, reads: readonly string[]): string {
  const query = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of reads) for (const value of query.getAll(name)) kept.append(name, value);
  return kept.size > 0 ? `?${kept}` : '';
}

const deviceOf = (req: IncomingMessage) => (isMobileUserAgent(req.headers['user-agent'] ?? '') ? 'mobile' : 'desktop');

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
