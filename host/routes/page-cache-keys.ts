import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';
import { LRUCache } from 'lru-cache';
import { agreedIn } from '../../contract/cookie-consent';
import { isMobileUserAgent } from '../../contract/user-agent';

/**
 * Where a kept page is looked up: its key is the device variant (mobile
 * visitors get the page without the login widget) and whether the visitor agreed
 * to cookies (their pages carry no cookie notice, for those without scripts), the host (pages name their
 * public origin, which without PORTAL_PUBLIC_ORIGIN is the host asked for) and
 * the page's canonical address.
 */
export class PageKeys {
  /** The query parameters each kept page's path reads, for the lookup before routing. */
  private readonly readsByPath: LRUCache<string, readonly string[]>;

  constructor(
    private readonly oneHost: boolean,
    maxPaths: number,
  ) {
    this.readsByPath = new LRUCache({ max: maxPaths });
  }

  /** The query parameters the page kept at this routed path reads, if one was kept there. */
  readsOf(req: Request): readonly string[] | undefined {
    return this.readsByPath.get(routedPath(req));
  }

  /**
   * A page's key before any routing: the path as asked for and, of the query,
   * only what that path's page reads, when a page is kept there (so `/?id=junk`
   * is answered with `/` here, at the cost of a lookup).
   */
  asAsked(req: IncomingMessage): string {
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
  canonical(req: Request, reads: readonly string[]): string {
    const path = routedPath(req);
    this.readsByPath.set(path, reads);
    const at = req.originalUrl.indexOf('?');
    return this.key(req, path + (at < 0 ? '' : readQuery(req.originalUrl.slice(at), reads)));
  }

  private key(req: IncomingMessage, address: string): string {
    return `${variantOf(req)} ${this.oneHost ? '' : (req.headers.host ?? '')} ${address}`;
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

/** The device kind by user agent, as said before: visitors' browsers send a handful of distinct ones. */
const devices = new Map<string, 'mobile' | 'desktop'>();

function deviceOf(req: IncomingMessage): 'mobile' | 'desktop' {
  const agent = req.headers['user-agent'] ?? '';
  let device = devices.get(agent);
  if (!device) {
    device = isMobileUserAgent(agent) ? 'mobile' : 'desktop';
    // Bounded: made-up agents are looked at each time, never kept.
    if (devices.size < 1000) devices.set(agent, device);
  }
  return device;
}

/** The device and, for a visitor who agreed to cookies, `+agreed`: a look at one header, no parsing. */
const variantOf = (req: IncomingMessage) => (agreedIn(req.headers.cookie) ? `${deviceOf(req)}+agreed` : deviceOf(req));
