import type { IncomingMessage, RequestListener } from 'node:http';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import type { Store } from 'express-rate-limit';
import { PUBLIC_ORIGIN_SETTING } from '../contract/public-origin';
import type { DataSources } from '../contract/sources';
import { chatProviderCsp, chatScript } from './chat-script';
import type { HostConfig } from './config';
import { docsRoutes } from './docs/routes';
import { announcedEnvironment, serverOrigins } from './environments';
import { fastLaneListener } from './fast-lane';
import { createLogger, requestLogger } from './logger';
import { mediaRoutes } from './media';
import { type HostMetrics, requestMetrics } from './metrics';
import { healthChecks, type Readiness } from './operations';
import { pageSources } from './page-sources';
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
import { contentTitles } from './share-cards/faces';
import { shareCardRoutes } from './share-cards/routes';
import { mountStages, type Stage } from './stages';
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
    /**
     * Rendered pages kept for everyone, or `false` (PAGE_CACHE=off: `'off'`) to render
     * every request (default: kept 10 s, then refreshed).
     */
    pageCache?: PageCacheOptions | false | 'on' | 'off';
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

/** The portal's Express app, with the `node:http` listener to serve it by (fast-lane.ts): the lane first, then the app. */
export type PortalApp = Express & { readonly listener: RequestListener };

const defaultChat: HostConfig['chat'] = { provider: 'builtin', meiqiaScript: '', partnerOrigins: [] };

/** Builds the portal's app without listening, so tests can drive it; its stages are listed in order below. */
export function createApp(options: AppOptions): PortalApp {
  const logger = createLogger(options.logLevel);
  const build = options.build ?? readWidgetBuild(options.widgetsDir);
  const { metrics, backend, publicOrigin } = options;
  const { upstream, deps } = pageSources({ ...options, sources: backend?.sources }, loadPageAssets(build));
  const announced = announcedEnvironment(upstream);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');
  // Behind a proxy: the visitor's address (per-address limits) and scheme (Secure cookies) from its headers.
  if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);
  // The back-end's routes read the site's public address from here (backend/http/own-origin.ts).
  app.set(PUBLIC_ORIGIN_SETTING, publicOrigin);
  const https = publicOrigin?.startsWith('https:') ?? false;
  const cacheOptions = options.pageCache ?? 'on';
  const pageCache =
    cacheOptions === false || cacheOptions === 'off'
      ? undefined
      : new PageCache({
          // With the site's address set, pages name it whatever host a request names.
          oneHost: Boolean(publicOrigin),
          ...(cacheOptions === 'on' ? {} : cacheOptions),
          logger,
          onLookup: metrics && ((result) => metrics.pageCache(result)),
        });
  // A published change drops the kept pages it shows on, here and (through the back-end's link) on every instance.
  deps.changes?.onChange((paths) => {
    const dropped = pageCache?.drop(paths) ?? 0;
    logger.info({ paths, dropped }, 'published content changed: kept pages dropped');
  });
  // Sent before the security headers: with an https public address they carry HSTS all the same.
  const secure = (handler: PlainHandler): PlainHandler =>
    https ? (req, res) => hstsHeader(req, res, () => handler(req, res)) : handler;
  const scripts = new Map<string, PlainHandler>();
  const portalJs = portalScript(build, announced);
  const chatJs = chatScript(build, announced, options.chat ?? defaultChat);
  if (portalJs) scripts.set('/widgets/portal.js', secure(portalJs));
  if (chatJs) scripts.set('/widgets/chat.js', secure(chatJs));
  const probes = new Map([...healthChecks(options.readiness)].map(([path, probe]) => [path, secure(probe)]));
  // An address past a limit is refused first thing until its count starts again: a flood
  // costs a lookup per request, not the app (nor a log line each: its first refusal is logged).
  const refused = new RefusedAddresses(visitorAddress(app));
  const limits = backend?.limits;
  const exact = (entries: Map<string, PlainHandler>, kind: string): Stage[] =>
    [...entries].map(([path, handle]) => ({ name: `${kind} ${path}`, path, handle, get: true }));

  const stages: Stage[] = [
    ...(metrics ? [{ name: 'request metrics', path: '/', handle: requestMetrics(metrics) }] : []),
    // Also answered by the fast lane; here (any case, a final slash) when served without it. Not logged.
    ...exact(probes, 'probe'),
    ...exact(scripts, 'script entry'),
    { name: 'request log', path: '/', handle: requestLogger(logger) },
    { name: 'CSP nonce', path: '/', handle: cspNonce },
    {
      name: 'security headers',
      path: '/',
      handle: securityHeaders(deps.assets.styleHashes, {
        https,
        servers: upstream && serverOrigins(upstream),
        scriptHashes: pageScriptHashes,
      }),
    },
    { name: 'chat provider CSP', path: '/', handle: chatProviderCsp(options.chat) },
    { name: 'URL length', path: '/', handle: limitUrlLength(deps) },
    // Widget files are precompressed and open to every origin (they override the
    // resource policy), so they come before on-the-fly compression.
    { name: 'widget files', path: '/widgets', handle: widgetFiles(build.dir) },
    { name: 'widget releases', path: '/', handle: releaseRoutes(build, announced) },
    // Answers made for one request (pages not kept, the API) are compressed as they go out, at
    // fast levels: brotli 4 (the default) took about twice brotli 2's time for a page 7 % smaller,
    // a cost each such page pays. Kept pages are compressed once, at high levels (page-cache-send.ts).
    {
      name: 'compression',
      path: '/',
      handle: compression({ level: 1, brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 2 } } }),
    },
    // Every search is made afresh, for the API as for the page: counted per address before it is made.
    {
      name: 'search API limit',
      path: '/api/search',
      handle: searchApiRateLimit(options.searchLimit, limits?.('search api'), refused),
      get: true,
    },
    ...apiStages(options, upstream, metrics),
    {
      name: 'share cards',
      path: '/',
      handle: shareCardRoutes({ titles: deps.content && contentTitles(deps.content) }),
    },
    { name: 'media', path: '/', handle: mediaRoutes() },
    { name: 'element docs', path: '/', handle: docsRoutes(build, announced, publicOrigin) },
    {
      name: 'pages',
      path: '/',
      handle: pageRoutes({
        ...deps,
        publicOrigin,
        pageCache,
        renders: renderQueue(options.renderQueue),
        feedbackLimit: options.feedbackLimit,
        searchLimit: options.searchLimit,
        renderLimit: options.renderLimit,
        refused,
        limits,
      }),
    },
    // Files after pages: a page request never waits for a look at the disk. A folder is
    // no page: no redirect to its address with a slash, which repeats the request's own
    // target (`GET http://evil.example/media/films` went to that host).
    {
      name: 'public files',
      path: '/',
      handle: express.static(fileURLToPath(new URL('./public', import.meta.url)), {
        index: false,
        maxAge: '1d',
        redirect: false,
      }),
    },
    { name: 'not found', path: '/', handle: notFound },
    {
      name: 'not found limit',
      path: '/',
      handle: notFoundRateLimit(options.notFoundLimit, limits?.('not found'), refused),
    },
    { name: 'error page', path: '/', handle: errorPage(deps) },
  ];
  mountStages(app, stages);
  const listener = fastLaneListener(app, { pageCache, scripts, probes, refused, metrics });
  return Object.assign(app, { listener });
}

/** The embedded back-end's routes at their prefixes, or outside `local` the proxies to the environment's servers. */
function apiStages(
  options: AppOptions,
  upstream: ReturnType<typeof pageSources>['upstream'],
  metrics: HostMetrics | undefined,
): Stage[] {
  if (options.backend)
    return options.backend.routes.map(([path, handle]) => ({ name: `back-end ${path}`, path, handle }));
  if (!upstream) return [];
  const onError = metrics && (() => metrics.upstreamError('proxy'));
  return apiProxies(upstream, { timeoutMs: options.upstreamTimeoutMs, onError }).map(([path, handle]) => ({
    name: `proxy ${path}`,
    path,
    handle,
  }));
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
