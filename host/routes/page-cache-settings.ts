import type { Request } from 'express';
import { LRUCache } from 'lru-cache';
import { STALE_IF_ERROR_MS } from '../data/upstream';
import type { Logger } from '../logger';
import { isOwnHost } from './own-host';

export interface PageCacheOptions {
  /** How long a page is served without rendering it again. */
  freshMs?: number;
  /** How many pages (address and device variant) are kept. */
  maxPages?: number;
  /** How long a kept page stands in while rendering it again fails with a server error (default a day). */
  staleIfErrorMs?: number;
  /**
   * Whether pages are the same whatever host they are asked for under (true when
   * PORTAL_PUBLIC_ORIGIN names the site's address, which pages then show; the
   * app passes it from the configuration).
   */
  oneHost?: boolean;
}

/** The settings with their defaults: pages kept 10 s, 500 of them, standing in for a failing back-end a day. */
export const pageCacheSettings = ({
  freshMs = 10_000,
  maxPages = 500,
  staleIfErrorMs = STALE_IF_ERROR_MS,
  oneHost = false,
}: PageCacheOptions): Required<PageCacheOptions> => ({ freshMs, maxPages, staleIfErrorMs, oneHost });

/**
 * Other host names pages are kept for, first come, when each host gets its own
 * pages (no PORTAL_PUBLIC_ORIGIN): the site's few names. The machine's own names
 * are always kept (`isOwnHost`), so forged hosts cannot take their places.
 */
const MAX_HOSTS = 4;
const HOSTS_FULL = `pages are kept for at most ${MAX_HOSTS} host names besides this machine's own, and this one is not: set PORTAL_PUBLIC_ORIGIN to the site's address so every page is kept whatever host a request names`;

/** How soon a free-text page must be asked for again to be kept (`keepsWhenAskedAgain`). */
const ASKED_AGAIN_WITHIN_MS = 10 * 60 * 1000;

/**
 * Which requests' pages are kept: not an administrator's preview, asked for
 * under one of the site's host names (the first few seen, so forged Host
 * headers cannot fill the cache), and of free-text pages only those asked for again.
 */
export class KeepingRules {
  private readonly hosts = new Set<string>();
  private warnedHostsFull = false;
  /** Free-text pages (search) asked for once lately: a second ask keeps the page. */
  private readonly askedOnce: LRUCache<string, true>;
  /**
   * Free-text pages kept because they were asked for again, at most a tenth of
   * the pages: however many words are asked for twice, the site's own pages stay.
   */
  private readonly keptWhenAskedAgain: LRUCache<string, true>;

  /** `dropPage`: the page kept under a key that lost its place among the free-text ones. */
  constructor(
    private readonly oneHost: boolean,
    maxPages: number,
    dropPage: (key: string) => void,
    private readonly logger?: Logger,
  ) {
    this.askedOnce = new LRUCache({ max: maxPages * 8, ttl: ASKED_AGAIN_WITHIN_MS });
    this.keptWhenAskedAgain = new LRUCache({
      max: Math.max(1, Math.floor(maxPages / 10)),
      // Its place taken by a newer one: the page goes too.
      dispose: (_value, key, reason) => {
        if (reason === 'evict') dropPage(key);
      },
    });
  }

  keeps(req: Request): boolean {
    return req.query.preview === undefined && this.keepsHost(req.headers.host ?? '', req.socket.localPort);
  }

  /** Whether the free-text page under `key` is kept: once it is asked for a second time within ten minutes. */
  keepsWhenAskedAgain(key: string): boolean {
    if (this.keptWhenAskedAgain.get(key)) return true;
    if (!this.askedOnce.has(key)) {
      this.askedOnce.set(key, true);
      return false;
    }
    this.askedOnce.delete(key);
    this.keptWhenAskedAgain.set(key, true);
    return true;
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
}
