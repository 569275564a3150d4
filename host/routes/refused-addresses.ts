import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { LRUCache } from 'lru-cache';
import { errorText } from '../../contract/errors';
import { TOO_MANY_PAGE } from '../pages/too-many';
import type { PageCache } from './page-cache';

/**
 * What a limit covers once an address is past it: `pages`, every page not kept
 * (its renders or its 404s were too many); `search api`, `GET /api/search`.
 */
export type RefusalScope = 'pages' | 'search api';

const TOO_MANY_SEARCHES = JSON.stringify({ code: 'E0429', msg: errorText(429).zh, status: 429 });

/**
 * The 429 of a scope, written in one go (no Express needed): the small page, or
 * the API's envelope, and when to come back. The page needs nothing, and may be framed by no one.
 */
export function refuse(req: IncomingMessage, res: ServerResponse, scope: RefusalScope, retryAfterSeconds: number) {
  const page = scope === 'pages';
  const body = page ? TOO_MANY_PAGE : TOO_MANY_SEARCHES;
  res.writeHead(429, {
    'Content-Type': page ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Addresses past a limit, until their count starts again (the counts stay in
 * rate-limit.ts; this remembers the answer). Their next requests in that
 * limit's scope are refused first thing, before Express sets them up (like a
 * kept page, app.ts): a flood from one address then costs each request a
 * lookup, not the log, the security headers, the routers and the disk, and
 * everyone else's pages stay fast.
 */
export class RefusedAddresses {
  private readonly until = new LRUCache<string, number>({ max: 10_000 });
  /** Refusals waiting out their hold: each is a timer on a socket that is open anyway. */
  private held = 0;

  /**
   * `addressOf`: the visitor's address as Express works it out (TRUST_PROXY), for a request it has not set up.
   * `holdMs`: how long a refused address waits for its 429 (REFUSAL_HOLD_MS).
   */
  constructor(
    private readonly addressOf: (req: IncomingMessage) => string,
    private readonly holdMs = REFUSAL_HOLD_MS,
  ) {}

  /** How many refusals are being held now. */
  get holding(): number {
    return this.held;
  }

  /** Called by a limiter refusing `req`: its address is refused in `scope` until its count starts again. */
  remember(req: Request, scope: RefusalScope): void {
    const info = (req as { rateLimit?: { key: string; resetTime?: Date } }).rateLimit;
    const ms = info?.resetTime ? info.resetTime.getTime() - Date.now() : 0;
    if (info && ms > 0) this.until.set(`${scope} ${info.key}`, Date.now() + ms, { ttl: ms });
  }

  /** Refuses `req` if its address is remembered in the scope it is in; says whether it did. */
  answer(req: IncomingMessage, res: ServerResponse, pageCache?: PageCache): boolean {
    if (this.until.size === 0) return false;
    const scope = scopeOf(req, pageCache);
    const until = scope && this.until.get(`${scope} ${ipKeyGenerator(this.addressOf(req))}`);
    if (!scope || !until) return false;
    const send = () => refuse(req, res, scope, (until - Date.now()) / 1000);
    if (this.held >= HELD_AT_MOST || this.holdMs <= 0) send();
    else this.hold(res, send);
    return true;
  }

  /** Sends after the hold, unless the caller has gone by then. */
  private hold(res: ServerResponse, send: () => void): void {
    this.held++;
    const timer = setTimeout(() => {
      if (!res.destroyed) send();
    }, this.holdMs);
    res.once('close', () => {
      clearTimeout(timer);
      this.held--;
    });
    timer.unref();
  }
}

/**
 * How long an address already refused waits for each next 429. A flood asks again
 * as soon as it is answered (a script's loop, a benchmark's connections): held, each
 * of its connections asks once a second instead of thousands of times, and the
 * server's time stays with everyone else. A browser that was refused waits for
 * Retry-After anyway.
 */
export const REFUSAL_HOLD_MS = 1000;
/** Refusals held at once at most (memory for the timers; the sockets are open either way); past it, answered at once. */
const HELD_AT_MOST = 20_000;

/**
 * The scope a request is in, were its address refused: `search api`, or `pages`
 * for a page not kept. Never a file (a name with an extension), another API
 * call, or a page the cache holds: those are never limited.
 */
function scopeOf(req: IncomingMessage, pageCache?: PageCache): RefusalScope | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  const url = (req.url ?? '/').toLowerCase();
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (path === '/api/search' || path === '/api/search/') return 'search api';
  if (path.startsWith('/api') || /\.\w+$/.test(path)) return undefined;
  return pageCache?.holdsAddress(req) ? undefined : 'pages';
}
