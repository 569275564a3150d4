import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import type { Store } from 'express-rate-limit';
import type { DataSources } from '../contract/sources';
import { chatProviderCsp, chatScript } from './chat-script';
import type { HostConfig } from './config';
import { remoteContent } from './data/content';
import { remoteFeedback } from './data/feedback';
import { noSiteData, remoteSiteData } from './data/site-data';
import { DEFAULT_UPSTREAM_TIMEOUT_MS } from './data/upstream';
import { docsRoutes } from './docs/routes';
import { announcedEnvironment, remoteEnvironment, serverOrigins } from './environments';
import { createLogger, requestLogger } from './logger';
import { mediaRoutes } from './media';
import { type HostMetrics, routeLabel } from './metrics';
import { healthChecks, type Readiness } from './operations';
import { loadPageAssets, pageScriptHashes } from './pages/assets';
import { type PlainHandler, portalScript } from './portal-script';
import { apiProxies } from './proxy';
import { errorPage, limitUrlLength, notFound } from './routes/errors';
import { PageCache, type PageCacheOptions } from './routes/page-cache';
import { pageRoutes } from './routes/pages';
import { notFoundRateLimit, searchApiRateLimit } from './routes/rate-limit';
import { RefusedAddresses } from './routes/refused-addresses';
import { type RenderQueueOptions, renderQueue } from './routes/render-queue';
import { cspNonce, hstsHeader, securityHeaders } from './security';
import { readWidgetBuild, type WidgetBuild } from './widget-build';
import { releaseRoutes } from './widget-release';
import { widgetFiles } from './widgets';

export type AppOptions = Pick<HostConfig, 'widgetsDir' | 'logLevel'> &
  Partial<Pick<HostConfig, 'env' | 'publicOrigin' | 'trustProxy' | 'servers' | 'upstreamTimeoutMs'>> &
  Partial<Pick<HostConfig, 'chat'>> & {
    /** The widgets' build, read once (default: read from `widgetsDir`). */
    build?: WidgetBuild;
    /** The embedded back-end (`local`); other environments use the real servers. */
    backend?: EmbeddedServices;
    /** Feedback form entries per address per ten minutes (default 5). */
    feedbackLimit?: number;
    /** Search pages, and `GET /api/search` calls, each per address per minute (default 300). */
    searchLimit?: number;
    /** Pages rendered for one request (none the page cache holds) per address per minute (default 300). */
    renderLimit?: number;
    /** 404 answers per address per minute; past it a 404 is the 429 page (default 120). */
    notFoundLimit?: number;
    /** How many pages render at once, how many may wait, and how long (default 16, 256 and 10 s). */
    renderQueue?: RenderQueueOptions;
    /** Outside `local`: how long the common data and friendly links are kept before a refresh (default 30 s; 0: never kept). */
    remoteFreshMs?: number;
    /** Rendered pages kept for everyone, or `false` to render every request (default: kept 10 s, then refreshed). */
    pageCache?: PageCacheOptions | false;
    /** What `/readyz` checks (default: nothing, ready while it answers). */
    readiness?: Readiness;
    /** Where requests, kept pages and upstream failures are counted (default: nowhere). */
    metrics?: HostMetrics;
  };

/**
 * An embedded back-end as the portal sees it: the routes it answers (mounted in
 * order, after the portal's security headers, which give them a CSP nonce in
 * `res.locals.cspNonce`) and the data the pages read from it in process.
 */
export interface EmbeddedServices {
  routes: ReadonlyArray<readonly [string, RequestHandler]>;
  sources: DataSources;
  /** Where the pages' rate limits (search, feedback) count, by limiter (default: in this process). */
  limits?: (name: string) => Store | undefined;
}

const defaultChat: HostConfig['chat'] = { provider: 'builtin', meiqiaScript: '', partnerOrigins: [] };

/** Builds the portal's Express app without listening, so tests can drive it. */
export function createApp(options: AppOptions): Express {
  const logger = createLogger(options.logLevel);
  const build = options.build ?? readWidgetBuild(options.widgetsDir);
  const assets = loadPageAssets(build);
  const env = options.env;
  // Outside `local`, the environment's servers (each replaceable by a setting), called within a deadline.
  const upstream = options.backend || !env || env === 'local' ? undefined : remoteEnvironment(env, options.servers);
  const metrics = options.metrics;
  const deadline = {
    timeoutMs: options.upstreamTimeoutMs,
    onFailure: metrics && ((kind: 'unreachable' | 'rejected') => metrics.upstreamError(kind)),
  };
  const deps = options.backend
    ? { assets, ...options.backend.sources }
    : upstream
      ? {
          assets,
          siteData: remoteSiteData(upstream, { ...deadline, freshMs: options.remoteFreshMs }),
          content: remoteContent(upstream, deadline),
          feedback: remoteFeedback(upstream, deadline),
          console: upstream.console,
          renderDeadlineMs: options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
        }
      : { assets, siteData: noSiteData };
  const announced = announcedEnvironment(upstream);
  const app = express();

  app.disable('x-powered-by');
  app.set('etag', 'strong');
  // Behind a proxy: the visitor's address (per-address limits) and scheme (Secure cookies) from its headers.
  if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);
  const https = (options.publicOrigin ?? process.env.PORTAL_PUBLIC_ORIGIN ?? '').startsWith('https:');
  const pageCache =
    options.pageCache === false
      ? undefined
      : new PageCache({ ...options.pageCache, logger, onLookup: metrics && ((result) => metrics.pageCache(result)) });
  // First of all: a fresh kept page needs nothing else (it keeps its headers), nor
  // do the two script-tag entries (built once, with their own headers, not logged).
  const scripts = new Map<string, PlainHandler>();
  const portalJs = portalScript(build, announced);
  const chatJs = chatScript(build, announced, options.chat ?? defaultChat);
  // Sent before the security headers: with an https public address they carry HSTS all the same.
  const secure = (handler: PlainHandler): PlainHandler =>
    https ? (req, res) => hstsHeader(req, res, () => handler(req, res)) : handler;
  if (portalJs) scripts.set('/widgets/portal.js', secure(portalJs));
  if (chatJs) scripts.set('/widgets/chat.js', secure(chatJs));
  const probes = new Map([...healthChecks(options.readiness)].map(([path, probe]) => [path, secure(probe)]));
  // An address past a limit is refused first thing until its count starts again: a flood
  // costs a lookup per request, not the app (nor a log line each: its first refusal is logged).
  const refused = new RefusedAddresses(visitorAddress(app));
  answerFirst(app, { pageCache, scripts, probes, refused, metrics });
  // The same scripts at the addresses Express also takes for them (any case, a final slash).
  for (const [path, script] of scripts) app.get(path, script);
  app.use(requestLogger(logger));
  app.use(cspNonce);
  app.use(
    securityHeaders(assets.styleHashes, {
      https,
      servers: upstream && serverOrigins(upstream),
      scriptHashes: pageScriptHashes,
    }),
  );
  app.use(chatProviderCsp(options.chat));
  app.use(limitUrlLength(deps));

  // Widget files are precompressed and open to every origin (they override the
  // resource policy), so they come before on-the-fly compression.
  app.use('/widgets', widgetFiles(build.dir));
  app.use(releaseRoutes(build, announced));

  app.use(compression());
  // Every search is made afresh, for the API as for the page: counted per address before it is made.
  app.get('/api/search', searchApiRateLimit(options.searchLimit, options.backend?.limits?.('search api'), refused));
  if (options.backend) {
    for (const [prefix, routes] of options.backend.routes) app.use(prefix, routes);
  } else if (upstream) {
    const onError = metrics && (() => metrics.upstreamError('proxy'));
    for (const [prefix, proxy] of apiProxies(upstream, { timeoutMs: deadline.timeoutMs, onError }))
      app.use(prefix, proxy);
  }
  app.use(mediaRoutes());
  app.use(docsRoutes(build, announced));
  app.use(
    pageRoutes({
      ...deps,
      pageCache,
      renders: renderQueue(options.renderQueue),
      feedbackLimit: options.feedbackLimit,
      searchLimit: options.searchLimit,
      renderLimit: options.renderLimit,
      refused,
      limits: options.backend?.limits,
    }),
  );
  // Files after pages: a page request never waits for a look at the disk. A folder is
  // no page: no redirect to its address with a slash, which repeats the request's own
  // target (`GET http://evil.example/media/films` went to that host).
  app.use(
    express.static(fileURLToPath(new URL('./public', import.meta.url)), {
      index: false,
      maxAge: '1d',
      redirect: false,
    }),
  );

  app.use(notFound);
  app.use(notFoundRateLimit(options.notFoundLimit, options.backend?.limits?.('not found'), refused));
  app.use(errorPage(deps));
  return app;
}

/**
 * The visitor's address of a request Express has not set up yet, as `req.ip`
 * would say it (the app's `trust proxy`, TRUST_PROXY): read through Express's
 * own request prototype, so both ways agree.
 */
function visitorAddress(app: Express) {
  return (req: IncomingMessage): string => {
    const view: { ip?: string } = Object.create(app.request, {
      headers: { value: req.headers },
      socket: { value: req.socket },
      connection: { value: req.socket },
    });
    return view.ip ?? '';
  };
}

type Dispatch = (req: IncomingMessage, res: ServerResponse, callback?: (error?: unknown) => void) => void;

interface AnsweredFirst {
  pageCache?: PageCache;
  /** Built scripts by exact path. */
  scripts: Map<string, PlainHandler>;
  /** The health probes by exact path: never kept, never limited. */
  probes: Map<string, PlainHandler>;
  /** Addresses past a limit, refused here in its scope. */
  refused: RefusedAddresses;
  metrics?: HostMetrics;
}

const pathOf = (url = '/') => {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};

/**
 * Fresh kept pages, the script-tag entries and addresses refused for now are
 * answered before Express sets a request up at all (its final handler, the
 * request and response prototypes, the router): for them that setup cost as
 * much as the answer. `handle` is how
 * an Express app is dispatched (mounted apps are called through it too);
 * everything else goes on to it unchanged.
 */
function answerFirst(app: Express, { pageCache, scripts, probes, refused, metrics }: AnsweredFirst) {
  /** The route label of a request answered here, or undefined for one left to the app. */
  const answer = (req: IncomingMessage, res: ServerResponse): string | undefined => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const path = pathOf(req.url);
    const plain = probes.get(path) ?? scripts.get(path);
    if (plain) {
      plain(req, res);
      return path;
    }
    if (pageCache?.answerFresh(req, res)) return 'page cache';
    return refused.answer(req, res, pageCache) ? 'refused' : undefined;
  };
  const internals = app as unknown as { handle: Dispatch };
  const dispatch = internals.handle.bind(app);
  internals.handle = (req, res, callback) => {
    let answered: string | undefined;
    if (metrics) {
      const started = performance.now();
      // Read once the answer is done: by then Express has matched its route.
      res.once('close', () =>
        metrics.request(
          req.method ?? 'GET',
          answered ?? routeLabel(req),
          res.statusCode,
          (performance.now() - started) / 1000,
        ),
      );
    }
    try {
      answered = answer(req, res);
    } catch (error) {
      // Half an answer cannot be taken back; before any, the app answers instead.
      if (res.headersSent) return void res.destroy(error instanceof Error ? error : undefined);
    }
    if (!answered) dispatch(req, res, callback);
  };
}
