import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export type PageCacheResult = 'hit' | 'stale' | 'miss';
export type UpstreamErrorKind = 'unreachable' | 'rejected' | 'proxy';

/** What the portal reports as it runs; prom-client's registry holds it for the metrics listener. */
export interface HostMetrics {
  /** One answered request; `route` names its route template, never the path asked for. */
  request(method: string, route: string, status: number, seconds: number): void;
  pageCache(result: PageCacheResult): void;
  upstreamError(kind: UpstreamErrorKind): void;
}

/**
 * Route labels the metrics keep at most: templates are a fixed set, but should a
 * new kind of label ever carry a visitor's input, the series stay bounded.
 */
const MAX_ROUTES = 300;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Answered without a route (files, the widgets, the 404): named by their area alone. */
const AREAS = ['/widgets', '/media', '/api/guc', '/api/chat', '/chat/agent', '/api', '/docs'];

/**
 * The route label of an answered request: the template Express matched
 * (`/product/:id`, with its mount path), else its area (`/media/*`), else
 * `other`. Junk addresses all end up in `other`.
 */
export function routeLabel(req: IncomingMessage): string {
  const { route, baseUrl, originalUrl } = req as Partial<Request>;
  // Express matches paths whatever their case: `/API/...` is the same route.
  if (typeof route?.path === 'string') return `${baseUrl ?? ''}${route.path}`.toLowerCase() || '/';
  const path = (originalUrl ?? req.url ?? '').toLowerCase();
  const area = AREAS.find((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  return area ? `${area}/*` : 'other';
}

/** The app's first stage: each request it answers counted and timed, by its route label once the answer is done (by then Express has matched its route). */
export function requestMetrics(metrics: HostMetrics): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once('close', () =>
      metrics.request(req.method, routeLabel(req), res.statusCode, (performance.now() - started) / 1000),
    );
    next();
  };
}

export function portalMetrics(
  options: {
    openChatStreams?: () => number;
    /** Chat streams refused since the start, by the limit that refused them. */
    refusedChatStreams?: () => Readonly<Record<string, number>> | undefined;
  } = {},
): HostMetrics & { registry: Registry } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'Requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer a request, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pageCache = new Counter({
    name: 'portal_page_cache_requests_total',
    help: 'Kept-page lookups: hit (fresh), stale (sent while it renders again) or miss (rendered)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const upstreamErrors = new Counter({
    name: 'portal_upstream_errors_total',
    help: "Failed calls to the environment's servers: unreachable (or too slow), rejected (an error answer), proxy (an API call passed through)",
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'portal_chat_streams_open',
    help: 'Chat live streams (visitors and agents) open now',
    registers: [registry],
    collect() {
      this.set(options.openChatStreams?.() ?? 0);
    },
  });
  new Counter({
    name: 'portal_chat_streams_refused_total',
    help: 'Chat live streams refused, by the limit reached: visitor, address or total',
    labelNames: ['reason'] as const,
    registers: [registry],
    collect() {
      const refused = options.refusedChatStreams?.() ?? {};
      // The counts live with the streams; the counter shows them as they are.
      this.reset();
      for (const reason of ['visitor', 'address', 'total']) this.inc({ reason }, refused[reason] ?? 0);
    },
  });
  // Zeros from the start, so a rate over them exists before the first one happens.
  for (const result of ['hit', 'stale', 'miss'] as const) pageCache.inc({ result }, 0);
  for (const kind of ['unreachable', 'rejected', 'proxy'] as const) upstreamErrors.inc({ kind }, 0);

  const routes = new Set<string>();
  return {
    registry,
    request(method, route, status, seconds) {
      if (!routes.has(route)) {
        if (routes.size >= MAX_ROUTES) route = 'other';
        else routes.add(route);
      }
      const m = METHODS.has(method) ? method : 'other';
      requests.inc({ method: m, route, status: String(status) });
      latency.observe({ method: m, route }, seconds);
    },
    pageCache: (result) => pageCache.inc({ result }),
    upstreamError: (kind) => upstreamErrors.inc({ kind }),
  };
}

/** The metrics listener: `GET /metrics` in Prometheus's text format, on its own port only. */
export function metricsServer(registry: Registry): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD'))
      return void res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => void res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics unavailable\n'),
    );
  });
}
