import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { errorStatus } from '../../contract/errors';
import { type Logger, loggableUrl } from '../logger';
import { encodingFor } from '../precompressed';
import { PageKeys } from './page-cache-keys';
import { answerHeaders, type CachedPage, compressed, sendCached } from './page-cache-send';
import { KeepingRules, type PageCacheOptions, pageCacheSettings } from './page-cache-settings';

export type { PageCacheOptions } from './page-cache-settings';

/**
 * Renders the page afresh; throwing (a 404, a failed back-end) is passed on.
 * `background`: a kept page rendered again behind its answer, which nobody waits for.
 */
type Produce = (background: boolean) => Promise<string>;

/** A lookup that finds a fresh page only, and leaves a stale one kept. */
const FRESH_ONLY = { allowStale: false, noDeleteOnStaleGet: true } as const;

/**
 * Rendered pages, kept per address and device variant (mobile visitors get the
 * page without the login widget), with stale-while-revalidate: a page older
 * than `freshMs` is still sent at once while the same request renders it again
 * in the background for the next visitor; while the back-end fails, the last
 * good page is served on (stale-if-error). Pages carry no per-visitor bytes (the
 * CSP allows their styles by hash), so one rendering serves everyone.
 *
 * Its parts: the settings and which requests are kept (page-cache-settings.ts),
 * the keys pages are looked up by (page-cache-keys.ts), how a kept page is
 * compressed and sent (page-cache-send.ts); this file keeps the pages.
 */
export class PageCache {
  private readonly pages: LRUCache<string, CachedPage, Produce>;
  private readonly keys: PageKeys;
  private readonly rules: KeepingRules;
  private readonly logger?: Logger;
  private readonly onLookup?: (result: 'hit' | 'stale' | 'miss') => void;
  /** First renders under way, by key. */
  private readonly rendering = new Map<string, Promise<CachedPage>>();
  /** Counts drops: a render begun before one may hold what was just changed, and is not kept. */
  private drops = 0;

  constructor(
    options: PageCacheOptions & {
      logger?: Logger;
      /** Told of each lookup of a kept page: fresh, stale (sent while it renders again), or not kept yet. */
      onLookup?: (result: 'hit' | 'stale' | 'miss') => void;
    } = {},
  ) {
    const { freshMs, maxPages, staleIfErrorMs, oneHost } = pageCacheSettings(options);
    this.logger = options.logger;
    this.onLookup = options.onLookup;
    this.keys = new PageKeys(oneHost, maxPages * 2);
    this.rules = new KeepingRules(oneHost, maxPages, (key) => this.pages.delete(key), this.logger);
    this.pages = new LRUCache<string, CachedPage, Produce>({
      max: maxPages,
      ttl: freshMs,
      allowStale: true,
      fetchMethod: async (key, stale, { context }) => {
        try {
          const drops = this.drops;
          const page = await compressed(await context(true));
          // Content changed while it rendered: once more, from what is there now.
          return drops === this.drops ? page : await compressed(await context(true));
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
    return this.rules.keeps(req);
  }

  /**
   * Whether a free-text page (search: every word makes another address) is kept:
   * once it is asked for a second time within ten minutes. Words asked for once,
   * as junk is, are rendered and sent as they are, never compressed at high levels
   * nor kept; a search people repeat (a popular word, a shared link) is answered
   * like any kept page. Call after `keeps`.
   */
  keepsWhenAskedAgain(req: Request, reads: readonly string[]): boolean {
    return this.rules.keepsWhenAskedAgain(this.keys.canonical(req, reads));
  }

  /**
   * Whether this request's page is kept, fresh or stale: sending it renders at
   * most once for everyone (a stale one again in the background), so per-address
   * limits on costly pages (search) count only the pages not kept.
   */
  holds(req: Request, reads: readonly string[] = []): boolean {
    return this.keeps(req) && this.pages.peek(this.keys.canonical(req, reads)) !== undefined;
  }

  /** Whether a page is kept, fresh or stale, at this address as asked for (no routing yet). */
  holdsAddress(req: IncomingMessage): boolean {
    return this.pages.peek(this.keys.asAsked(req)) !== undefined;
  }

  /**
   * `holds`, before the page's handler has said what it reads: with the query
   * parameters its page was kept by. A page never kept at this path is not held.
   */
  holdsRouted(req: Request): boolean {
    const reads = this.keys.readsOf(req);
    return reads !== undefined && this.holds(req, reads);
  }

  /**
   * Sends the page for this request (one `keeps` accepts), rendering it only
   * when it is not kept. It is kept under its canonical address (`reads`: the
   * query parameters the page reads), so junk parameters and other spellings of
   * the path get the same page instead of a new one each: nobody can fill the
   * cache, or make the server compress, by inventing addresses.
   */
  async send(req: Request, res: Response, produce: Produce, reads: readonly string[] = []): Promise<void> {
    const key = this.keys.canonical(req, reads);
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
      const drops = this.drops;
      rendering = (async () => {
        try {
          const page = await compressed(await produce(false));
          // Sent to this request all the same; kept only if nothing it shows changed meanwhile.
          if (drops === this.drops) this.pages.set(key, page);
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
    // One lookup: a stale page is left where it is (the app sends it while it renders again).
    const page = this.pages.get(this.keys.asAsked(req), FRESH_ONLY);
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

  clear(): void {
    this.drops++;
    this.pages.clear();
  }

  /**
   * Drops the kept pages at these paths, whatever their query, device or host
   * (`*`: every page): what a published change shows on. The rest stay kept.
   * How many were dropped.
   */
  drop(paths: readonly string[]): number {
    this.drops++;
    if (paths.includes('*')) {
      const all = this.pages.size;
      this.pages.clear();
      return all;
    }
    const dropping = new Set(paths);
    let dropped = 0;
    for (const key of [...this.pages.keys()]) {
      // `device host address`: the host may be empty.
      const address = key.slice(key.indexOf(' ', key.indexOf(' ') + 1) + 1);
      const path = address.split('?', 1)[0] ?? '';
      if (dropping.has(path)) dropped += this.pages.delete(key) ? 1 : 0;
    }
    return dropped;
  }
}
