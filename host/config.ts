import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { PORTAL_ENV_NAMES, type PortalEnvName } from '../contract/environments';
import { DEFAULT_UPSTREAM_TIMEOUT_MS } from './data/upstream';
import { SERVER_SETTINGS, type ServerAddresses } from './environments';
import { NOT_FOUND_LIMIT, RENDER_LIMIT, SEARCH_LIMIT } from './routes/rate-limit';
import { RENDER_QUEUE_LENGTH, RENDER_QUEUE_WAIT_MS, type RenderQueueOptions } from './routes/render-queue';

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
  /** RENDER_QUEUE_LENGTH and RENDER_QUEUE_WAIT_MS: how many page renders may wait their turn, and for how long. */
  renderQueue: RenderQueueOptions;
}

/** Express's `trust proxy`: true (any), a number of hops, or addresses, subnets and loopback/linklocal/uniquelocal. */
export type TrustProxy = boolean | number | string;

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^\d{1,2}$/.test(text)) return Number(text);
  for (const item of text.split(',').map((part) => part.trim())) {
    const [address, bits, ...rest] = item.split('/');
    const ok =
      PROXY_NAMES.has(item) ||
      (rest.length === 0 && isIP(address ?? '') !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits)));
    if (!ok)
      throw new Error(
        `TRUST_PROXY must be true, a number of proxies, or addresses and subnets such as loopback, 10.0.0.0/8 (not "${item}")`,
      );
  }
  return text;
}

/** An http(s) origin (`https://host[:port]`, nothing after it) from a setting, or an error naming the setting. */
function originFrom(setting: string, value: string, example = 'https://www.example.cn'): string {
  const text = value.trim().replace(/\/$/, '');
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== text)
    throw new Error(`${setting} must be an origin such as ${example}, not "${text}"`);
  return url.origin;
}

const parsePublicOrigin = (value: string | undefined) =>
  value?.trim() ? originFrom('PORTAL_PUBLIC_ORIGIN', value) : undefined;

/** The servers the settings replace; `local` runs its own, so there they are a mistake. */
function parseServers(env: NodeJS.ProcessEnv, portalEnv: PortalEnvName): Partial<ServerAddresses> {
  const servers: Partial<ServerAddresses> = {};
  for (const [server, setting] of Object.entries(SERVER_SETTINGS) as Array<[keyof ServerAddresses, string]>) {
    const value = env[setting];
    if (!value?.trim()) continue;
    if (portalEnv === 'local')
      throw new Error(
        `${setting} replaces a server of PORTAL_ENV dev, test, demo or prod; local runs its own back-end`,
      );
    servers[server] = originFrom(setting, value, 'https://api.example.cn');
  }
  return servers;
}

function parseUpstreamTimeout(value: string | undefined): number {
  const text = value?.trim();
  if (!text) return DEFAULT_UPSTREAM_TIMEOUT_MS;
  const ms = Number(text);
  if (!/^\d+$/.test(text) || ms < 100 || ms > 60_000)
    throw new Error(`UPSTREAM_TIMEOUT_MS must be milliseconds from 100 to 60000, not "${text}"`);
  return ms;
}

/** A per-address limit: requests a minute, a whole number from 1 (no setting turns a limit off). */
function parsePerMinute(setting: string, value: string | undefined, fallback: number): number {
  const text = value?.trim();
  if (!text) return fallback;
  if (!/^[1-9]\d{0,6}$/.test(text))
    throw new Error(`${setting} must be a number of requests per minute from 1 to 9999999, not "${text}"`);
  return Number(text);
}

/** How many renders may wait (0: none, refused while all are busy), and how long each may (100 ms to 10 minutes). */
function parseRenderQueue(env: NodeJS.ProcessEnv): RenderQueueOptions {
  const length = env.RENDER_QUEUE_LENGTH?.trim();
  if (length && !/^\d{1,6}$/.test(length))
    throw new Error(`RENDER_QUEUE_LENGTH must be a number of page renders from 0 to 999999, not "${length}"`);
  const wait = env.RENDER_QUEUE_WAIT_MS?.trim();
  if (wait && (!/^\d{3,6}$/.test(wait) || Number(wait) < 100 || Number(wait) > 600_000))
    throw new Error(`RENDER_QUEUE_WAIT_MS must be milliseconds from 100 to 600000, not "${wait}"`);
  return {
    maxWaiting: length ? Number(length) : RENDER_QUEUE_LENGTH,
    maxWaitMs: wait ? Number(wait) : RENDER_QUEUE_WAIT_MS,
  };
}

export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

function parseShutdownGrace(value: string | undefined): number {
  const text = value?.trim();
  if (!text) return DEFAULT_SHUTDOWN_GRACE_MS;
  if (!/^\d{1,6}$/.test(text) || Number(text) > 600_000)
    throw new Error(`SHUTDOWN_GRACE_MS must be milliseconds from 0 to 600000, not "${text}"`);
  return Number(text);
}

/** Off unless set; never one of the public ports (the portal's, the console's and the demo sites' after it). */
function parseMetricsPort(value: string | undefined, port: number, portalEnv: PortalEnvName): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const metricsPort = Number(text);
  if (!/^\d{1,5}$/.test(text) || metricsPort > 65535)
    throw new Error(`METRICS_PORT must be a port number, not "${text}"`);
  const taken = portalEnv === 'local' ? 5 : 1;
  if (port !== 0 && metricsPort >= port && metricsPort < port + taken)
    throw new Error(`METRICS_PORT must not be a public port of the portal (${port} to ${port + taken - 1})`);
  return metricsPort;
}

/** Shorter than this, a secret could be guessed from the cookies it signs. */
export const SESSION_SECRET_MIN_LENGTH = 32;

function parseSessionSecret(value: string | undefined, portalEnv: PortalEnvName): string | undefined {
  if (!value) {
    if (portalEnv === 'local') return undefined;
    throw new Error(
      `SESSION_SECRET is required with PORTAL_ENV=${portalEnv}: the same random value (${SESSION_SECRET_MIN_LENGTH} characters or more) on every instance, such as the output of \`openssl rand -base64 48\``,
    );
  }
  if (value.length < SESSION_SECRET_MIN_LENGTH)
    throw new Error(`SESSION_SECRET must have at least ${SESSION_SECRET_MIN_LENGTH} characters, not ${value.length}`);
  return value;
}

const DATABASE_URL_FORM = 'postgres://user:password@host:5432/database';

/** A `postgres://` address with a server name; the server itself is tried at start. */
function parseDatabaseUrl(value: string | undefined, portalEnv: PortalEnvName): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (portalEnv !== 'local')
    throw new Error(`DATABASE_URL is for the embedded back-end (PORTAL_ENV=local), not PORTAL_ENV=${portalEnv}`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`DATABASE_URL must be a postgres:// address such as ${DATABASE_URL_FORM}`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new Error(`DATABASE_URL must be a postgres:// address such as ${DATABASE_URL_FORM}, not ${url.protocol}//…`);
  if (!url.hostname || url.pathname.length < 2)
    throw new Error(`DATABASE_URL must name the server and the database: ${DATABASE_URL_FORM}`);
  return text;
}

/** Default: shown only where they are the seed's own accounts, `local` on its SQLite database. */
function parseShowDemoAccounts(env: NodeJS.ProcessEnv, portalEnv: PortalEnvName): boolean {
  const text = env.SHOW_DEMO_ACCOUNTS?.trim();
  if (!text) return portalEnv === 'local' && !env.DATABASE_URL?.trim();
  if (text === 'true' || text === 'false') return text === 'true';
  throw new Error(`SHOW_DEMO_ACCOUNTS must be true or false, not "${text}"`);
}

/**
 * Default: on in `local`, where they show a newcomer the elements on other
 * origins; a production install turns them off, so only its own ports listen.
 * They need the embedded back-end's account service, so only `local` has them.
 */
function parseDemoSites(value: string | undefined, portalEnv: PortalEnvName): boolean {
  const text = value?.trim();
  if (!text) return portalEnv === 'local';
  if (text !== 'true' && text !== 'false') throw new Error(`DEMO_SITES must be true or false, not "${text}"`);
  if (text === 'true' && portalEnv !== 'local')
    throw new Error(
      'DEMO_SITES=true needs PORTAL_ENV=local: the demo sites sign in through its embedded account service',
    );
  return text === 'true';
}

export const CHAT_PROVIDERS = ['builtin', 'meiqia'] as const;
export type ChatProvider = (typeof CHAT_PROVIDERS)[number];

export interface ChatConfig {
  /** `builtin`: the embedded chat service; `meiqia`: the hosted provider the original site used. */
  provider: ChatProvider;
  /** The hosted provider's enterprise id (required for `meiqia`). */
  meiqiaEntId?: string;
  /** The hosted provider's script. */
  meiqiaScript: string;
  /** Password of the agent inbox (`/chat/agent`); without one the inbox is closed. */
  agentPassword?: string;
  /** Partner origins whose pages may use the chat service (the portal's own origin always may). */
  partnerOrigins: string[];
  /** Conversations one address may start per ten minutes (CHAT_CONVERSATIONS_PER_ADDRESS, default 5). */
  conversationsPerAddress?: number;
  /** Visitor ids one address may be issued per hour (CHAT_VISITORS_PER_ADDRESS, default 100). */
  visitorsPerAddress?: number;
  /**
   * Bounds on the live streams: CHAT_STREAMS_PER_VISITOR (default 6),
   * CHAT_STREAMS_PER_ADDRESS (100), CHAT_STREAMS_TOTAL (from the file-descriptor
   * limit, at most 20,000), CHAT_STREAM_IDLE_MS (30 minutes).
   */
  streamLimits?: { perVisitor?: number; perAddress?: number; total?: number; idleMs?: number };
}

/** A whole-number setting from `least` up, or undefined when unset. */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, least = 1): number | undefined {
  const text = env[name]?.trim();
  if (!text) return undefined;
  if (!/^\d{1,9}$/.test(text) || Number(text) < least)
    throw new Error(`${name} must be a whole number from ${least}, not "${text}"`);
  return Number(text);
}

/** The agent password of `local` when CHAT_AGENT_PASSWORD is not set (README, printed at start). */
export const LOCAL_AGENT_PASSWORD = 'Agent@2026';
export const MEIQIA_SCRIPT = 'https://static.meiqia.com/widget/loader.js';

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not "${value}"`);
  return port;
}

/** pino's levels: one it does not know would end the start in a stack trace. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parseLogLevel(value: string | undefined): string {
  if (value === undefined || value === '') return 'info';
  if (LOG_LEVELS.includes(value)) return value;
  throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${value}"`);
}

function parseEnv(value: string | undefined): PortalEnvName {
  if (value === undefined || value === '') return 'local';
  if ((PORTAL_ENV_NAMES as readonly string[]).includes(value)) return value as PortalEnvName;
  throw new Error(`PORTAL_ENV must be one of ${PORTAL_ENV_NAMES.join(', ')}, not "${value}"`);
}

/**
 * ACCOUNT_ORIGINS: origins only (scheme, host, port), never a path or a wildcard:
 * each is where the account service may send a signed-in user back, with a code.
 */
function parseAccountOrigins(value: string | undefined, portalEnv: PortalEnvName): string[] {
  if (!value?.trim()) return [];
  if (portalEnv !== 'local')
    throw new Error(
      'ACCOUNT_ORIGINS registers origins with the embedded account service of PORTAL_ENV=local; register them with the environment’s account service instead',
    );
  return value.split(',').map((item) => {
    const example = 'https://console.example.cn';
    if (item.includes('*'))
      throw new Error(`ACCOUNT_ORIGINS must be origins such as ${example}, without wildcards, not "${item.trim()}"`);
    return originFrom('ACCOUNT_ORIGINS', item, example);
  });
}

function parseOrigins(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  return value.split(',').map((item) => originFrom('CHAT_PARTNER_ORIGINS', item, 'https://partner.example'));
}

/** The chat settings: CHAT_PROVIDER, CHAT_MEIQIA_ENT_ID, CHAT_MEIQIA_SCRIPT, CHAT_AGENT_PASSWORD, CHAT_PARTNER_ORIGINS. */
export function chatConfigFromEnv(env: NodeJS.ProcessEnv, portalEnv: PortalEnvName): ChatConfig {
  const provider = env.CHAT_PROVIDER || 'builtin';
  if (!(CHAT_PROVIDERS as readonly string[]).includes(provider))
    throw new Error(`CHAT_PROVIDER must be one of ${CHAT_PROVIDERS.join(', ')}, not "${provider}"`);
  const meiqiaEntId = env.CHAT_MEIQIA_ENT_ID || undefined;
  if (provider === 'meiqia' && !meiqiaEntId?.match(/^[\w-]{1,64}$/))
    throw new Error('CHAT_PROVIDER=meiqia needs CHAT_MEIQIA_ENT_ID, the enterprise id (letters, digits, - and _)');
  const meiqiaScript = env.CHAT_MEIQIA_SCRIPT || MEIQIA_SCRIPT;
  if (!/^https?:\/\//.test(meiqiaScript)) throw new Error('CHAT_MEIQIA_SCRIPT must be an http(s) address');
  const agentPassword = env.CHAT_AGENT_PASSWORD || (portalEnv === 'local' ? LOCAL_AGENT_PASSWORD : undefined);
  if (agentPassword !== undefined && agentPassword.length < 8)
    throw new Error('CHAT_AGENT_PASSWORD must have at least 8 characters');
  const perAddress = env.CHAT_CONVERSATIONS_PER_ADDRESS?.trim();
  if (perAddress && !/^[1-9]\d{0,5}$/.test(perAddress))
    throw new Error(`CHAT_CONVERSATIONS_PER_ADDRESS must be a whole number from 1, not "${perAddress}"`);
  return {
    provider: provider as ChatProvider,
    conversationsPerAddress: perAddress ? Number(perAddress) : undefined,
    visitorsPerAddress: wholeNumber(env, 'CHAT_VISITORS_PER_ADDRESS'),
    streamLimits: {
      perVisitor: wholeNumber(env, 'CHAT_STREAMS_PER_VISITOR'),
      perAddress: wholeNumber(env, 'CHAT_STREAMS_PER_ADDRESS'),
      total: wholeNumber(env, 'CHAT_STREAMS_TOTAL', 0),
      idleMs: wholeNumber(env, 'CHAT_STREAM_IDLE_MS', 1000),
    },
    meiqiaEntId,
    meiqiaScript,
    agentPassword,
    partnerOrigins: parseOrigins(env.CHAT_PARTNER_ORIGINS),
  };
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
  };
}
