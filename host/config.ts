import { resolve } from 'node:path';
import type { PortalEnvName } from '../contract/environments';
import { type ChatConfig, chatConfigFromEnv } from './config-chat';
import {
  parseAccountOrigins,
  parseDatabaseUrl,
  parseDemoSites,
  parseEnv,
  parseLogLevel,
  parseMedia,
  parseMetricsPort,
  parsePageCache,
  parsePerMinute,
  parsePort,
  parsePublicOrigin,
  parseRenderQueue,
  parseServers,
  parseSessionSecret,
  parseShowDemoAccounts,
  parseShutdownGrace,
  parseStudioAdmin,
  parseTrustProxy,
  parseUpstreamTimeout,
  type TrustProxy,
  wholeNumber,
} from './config-values';
import type { ServerAddresses } from './environments';
import { NOT_FOUND_LIMIT, RENDER_LIMIT, SEARCH_LIMIT } from './routes/rate-limit';
import type { RenderQueueOptions } from './routes/render-queue';

/**
 * The configuration: the only module that reads the environment
 * (settings-in-config.test.ts keeps it so). Each value is checked where it is
 * read (config-values.ts, config-chat.ts) and handed on from here.
 */

export {
  CHAT_PROVIDERS,
  type ChatConfig,
  type ChatProvider,
  chatConfigFromEnv,
  LOCAL_AGENT_PASSWORD,
  MEIQIA_SCRIPT,
} from './config-chat';
export { DEFAULT_SHUTDOWN_GRACE_MS, SESSION_SECRET_MIN_LENGTH, type TrustProxy } from './config-values';

export interface HostConfig {
  /** Port to listen on; 0 picks a free one. */
  port: number;
  /** Which back-end the portal talks to (SPEC §9 environments). */
  env: PortalEnvName;
  /** Where the embedded back-end keeps its data. */
  dataDir: string;
  /** Built widget bundles (`npm run build`). */
  widgetsDir: string;
  logLevel: string;
  /** Online customer service: which provider, and the built-in service's settings. */
  chat: ChatConfig;
  /** PORTAL_PUBLIC_ORIGIN: the site's address as visitors reach it (behind a proxy); https turns on HSTS. */
  publicOrigin?: string;
  /** TRUST_PROXY: Express's trust-proxy value, so per-address limits and `https` see through the proxy. */
  trustProxy?: TrustProxy;
  /** Outside `local`: the environment's servers replaced one by one (ACCOUNT_SERVER_URL, CONSOLE_URL, …_API_URL). */
  servers?: Partial<ServerAddresses>;
  /** UPSTREAM_TIMEOUT_MS: how long one call to a back-end server may take (default 1.5 s). */
  upstreamTimeoutMs?: number;
  /** SHUTDOWN_GRACE_MS: how long requests in flight may take to finish once a stop is asked for. */
  shutdownGraceMs: number;
  /** METRICS_PORT: where Prometheus reads the metrics, apart from the public port (off without it). */
  metricsPort?: number;
  /** SESSION_SECRET: what every signing key is made from, the same on every instance (local may leave it to the data folder). */
  sessionSecret?: string;
  /** SHOW_DEMO_ACCOUNTS: whether the sign-in form lists the demo accounts. */
  showDemoAccounts: boolean;
  /** DATABASE_URL: the embedded back-end keeps its data in this PostgreSQL database instead of SQLite in `dataDir`. */
  databaseUrl?: string;
  /** ACCOUNT_ORIGINS: return origins registered with the embedded account service besides the built-in ones. */
  accountOrigins: string[];
  /** DEMO_SITES: whether the demo sites (pages on other origins that embed the elements) listen beside the portal. */
  demoSites: boolean;
  /** RENDER_LIMIT_PER_ADDRESS: pages one address may have rendered for it (none the page cache holds) per minute. */
  renderLimit: number;
  /** NOT_FOUND_LIMIT_PER_ADDRESS: 404 answers one address may get per minute; past them, 429. */
  notFoundLimit: number;
  /** SEARCH_LIMIT_PER_ADDRESS: search pages, and `GET /api/search` calls, one address may make per minute, each. */
  searchLimit: number;
  /**
   * SIGN_IN_FAILURES_PER_ADDRESS: wrong passwords one address may give an hour,
   * at any accounts, before it is refused for the rest of the hour (default 100;
   * a browser that signed in before is not refused for its own account).
   */
  signInFailuresPerAddress?: number;
  /** STUDIO_ADMIN_LOGIN and STUDIO_ADMIN_PASSWORD: an administrator of the studio made at start, once. */
  studioAdmin?: { login: string; password: string };
  /** RENDER_QUEUE_LENGTH and RENDER_QUEUE_WAIT_MS: how many page renders may wait their turn, and for how long. */
  renderQueue: RenderQueueOptions;
  /** PAGE_CACHE: whether rendered pages are kept for everyone (`on`), or every page is rendered for its request (`off`). */
  pageCache: 'on' | 'off';
  /**
   * The studio's uploaded images: MEDIA_MAX_BYTES, the largest upload (default 10 MB);
   * MEDIA_DIR, a folder every instance mounts to keep them in, outside the data folder's
   * lock (default: in the database on PostgreSQL, in `DATA_DIR/media` on SQLite).
   */
  media: { maxBytes: number; dir?: string };
}

/** Reads the host's settings from the environment, failing early on a bad value. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): HostConfig {
  const portalEnv = parseEnv(env.PORTAL_ENV);
  const port = parsePort(env.PORT);
  return {
    port,
    env: portalEnv,
    dataDir: resolve(env.DATA_DIR || 'data'),
    widgetsDir: resolve(env.WIDGETS_DIR || 'dist/widgets'),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    chat: chatConfigFromEnv(env, portalEnv),
    publicOrigin: parsePublicOrigin(env.PORTAL_PUBLIC_ORIGIN),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    servers: parseServers(env, portalEnv),
    upstreamTimeoutMs: parseUpstreamTimeout(env.UPSTREAM_TIMEOUT_MS),
    shutdownGraceMs: parseShutdownGrace(env.SHUTDOWN_GRACE_MS),
    metricsPort: parseMetricsPort(env.METRICS_PORT, port, portalEnv),
    sessionSecret: parseSessionSecret(env.SESSION_SECRET, portalEnv),
    showDemoAccounts: parseShowDemoAccounts(env, portalEnv),
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL, portalEnv),
    accountOrigins: parseAccountOrigins(env.ACCOUNT_ORIGINS, portalEnv),
    demoSites: parseDemoSites(env.DEMO_SITES, portalEnv),
    renderLimit: parsePerMinute('RENDER_LIMIT_PER_ADDRESS', env.RENDER_LIMIT_PER_ADDRESS, RENDER_LIMIT),
    notFoundLimit: parsePerMinute('NOT_FOUND_LIMIT_PER_ADDRESS', env.NOT_FOUND_LIMIT_PER_ADDRESS, NOT_FOUND_LIMIT),
    searchLimit: parsePerMinute('SEARCH_LIMIT_PER_ADDRESS', env.SEARCH_LIMIT_PER_ADDRESS, SEARCH_LIMIT),
    signInFailuresPerAddress: wholeNumber(env, 'SIGN_IN_FAILURES_PER_ADDRESS'),
    renderQueue: parseRenderQueue(env),
    pageCache: parsePageCache(env.PAGE_CACHE),
    studioAdmin: parseStudioAdmin(env),
    media: parseMedia(env, portalEnv),
  };
}
