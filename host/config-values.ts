import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { PORTAL_ENV_NAMES, type PortalEnvName } from '../contract/environments';
import { DEFAULT_UPSTREAM_TIMEOUT_MS } from './data/upstream';
import { SERVER_SETTINGS, type ServerAddresses } from './environments';
import type { RenderQueueOptions } from './routes/render-queue';
import { RENDER_QUEUE_LENGTH, RENDER_QUEUE_WAIT_MS } from './routes/render-queue';

/**
 * Each setting's reading: its value checked, or an error that names the setting
 * and what it must be (the start ends with that one line). The configuration
 * (config.ts) calls these with the environment it was given.
 */

/** Express's `trust proxy`: true (any), a number of hops, or addresses, subnets and loopback/linklocal/uniquelocal. */
export type TrustProxy = boolean | number | string;

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
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
export function originFrom(setting: string, value: string, example = 'https://www.example.cn'): string {
  const text = value.trim().replace(/\/$/, '');
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== text)
    throw new Error(`${setting} must be an origin such as ${example}, not "${text}"`);
  return url.origin;
}

export const parsePublicOrigin = (value: string | undefined) =>
  value?.trim() ? originFrom('PORTAL_PUBLIC_ORIGIN', value) : undefined;

/** The servers the settings replace; `local` runs its own, so there they are a mistake. */
export function parseServers(env: NodeJS.ProcessEnv, portalEnv: PortalEnvName): Partial<ServerAddresses> {
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

export function parseUpstreamTimeout(value: string | undefined): number {
  const text = value?.trim();
  if (!text) return DEFAULT_UPSTREAM_TIMEOUT_MS;
  const ms = Number(text);
  if (!/^\d+$/.test(text) || ms < 100 || ms > 60_000)
    throw new Error(`UPSTREAM_TIMEOUT_MS must be milliseconds from 100 to 60000, not "${text}"`);
  return ms;
}

/** A per-address limit: requests a minute, a whole number from 1 (no setting turns a limit off). */
export function parsePerMinute(setting: string, value: string | undefined, fallback: number): number {
  const text = value?.trim();
  if (!text) return fallback;
  if (!/^[1-9]\d{0,6}$/.test(text))
    throw new Error(`${setting} must be a number of requests per minute from 1 to 9999999, not "${text}"`);
  return Number(text);
}

/** How many renders may wait (0: none, refused while all are busy), and how long each may (100 ms to 10 minutes). */
export function parseRenderQueue(env: NodeJS.ProcessEnv): RenderQueueOptions {
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

export function parseShutdownGrace(value: string | undefined): number {
  const text = value?.trim();
  if (!text) return DEFAULT_SHUTDOWN_GRACE_MS;
  if (!/^\d{1,6}$/.test(text) || Number(text) > 600_000)
    throw new Error(`SHUTDOWN_GRACE_MS must be milliseconds from 0 to 600000, not "${text}"`);
  return Number(text);
}

/** Off unless set; never one of the public ports (the portal's, the console's and the demo sites' after it). */
export function parseMetricsPort(
  value: string | undefined,
  port: number,
  portalEnv: PortalEnvName,
): number | undefined {
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

export function parseSessionSecret(value: string | undefined, portalEnv: PortalEnvName): string | undefined {
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
export function parseDatabaseUrl(value: string | undefined, portalEnv: PortalEnvName): string | undefined {
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
export function parseShowDemoAccounts(env: NodeJS.ProcessEnv, portalEnv: PortalEnvName): boolean {
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
export function parseDemoSites(value: string | undefined, portalEnv: PortalEnvName): boolean {
  const text = value?.trim();
  if (!text) return portalEnv === 'local';
  if (text !== 'true' && text !== 'false') throw new Error(`DEMO_SITES must be true or false, not "${text}"`);
  if (text === 'true' && portalEnv !== 'local')
    throw new Error(
      'DEMO_SITES=true needs PORTAL_ENV=local: the demo sites sign in through its embedded account service',
    );
  return text === 'true';
}

/** A whole-number setting from `least` up, or undefined when unset. */
export function wholeNumber(env: NodeJS.ProcessEnv, name: string, least = 1): number | undefined {
  const text = env[name]?.trim();
  if (!text) return undefined;
  if (!/^\d{1,9}$/.test(text) || Number(text) < least)
    throw new Error(`${name} must be a whole number from ${least}, not "${text}"`);
  return Number(text);
}

/**
 * PAGE_CACHE: `on` (default) keeps rendered pages for everyone; `off` renders
 * every page for its request, for measuring renders and for debugging.
 */
export function parsePageCache(value: string | undefined): 'on' | 'off' {
  const text = value?.trim();
  if (!text) return 'on';
  if (text === 'on' || text === 'off') return text;
  throw new Error(`PAGE_CACHE must be on or off, not "${text}"`);
}

export function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not "${value}"`);
  return port;
}

/** pino's levels: one it does not know would end the start in a stack trace. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function parseLogLevel(value: string | undefined): string {
  if (value === undefined || value === '') return 'info';
  if (LOG_LEVELS.includes(value)) return value;
  throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${value}"`);
}

export function parseEnv(value: string | undefined): PortalEnvName {
  if (value === undefined || value === '') return 'local';
  if ((PORTAL_ENV_NAMES as readonly string[]).includes(value)) return value as PortalEnvName;
  throw new Error(`PORTAL_ENV must be one of ${PORTAL_ENV_NAMES.join(', ')}, not "${value}"`);
}

/**
 * ACCOUNT_ORIGINS: origins only (scheme, host, port), never a path or a wildcard:
 * each is where the account service may send a signed-in user back, with a code.
 */
export function parseAccountOrigins(value: string | undefined, portalEnv: PortalEnvName): string[] {
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

/**
 * STUDIO_ADMIN_LOGIN (default `admin`) and STUDIO_ADMIN_PASSWORD: an administrator
 * the studio makes at start when that login does not exist yet; none without a password.
 */
export function parseStudioAdmin(env: NodeJS.ProcessEnv): { login: string; password: string } | undefined {
  const password = env.STUDIO_ADMIN_PASSWORD;
  if (!password) return undefined;
  if (password.length < 10) throw new Error('STUDIO_ADMIN_PASSWORD must have at least 10 characters');
  const login = (env.STUDIO_ADMIN_LOGIN || 'admin').trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9._-]{1,31}$/.test(login) || login === 'agent')
    throw new Error(
      'STUDIO_ADMIN_LOGIN must be 2-32 lowercase letters, digits or ._-, starting with a letter or digit (not agent)',
    );
  return { login, password };
}

/** MEDIA_MAX_BYTES's default (10 MB), and the most it may be. */
export const DEFAULT_MEDIA_MAX_BYTES = 10 * 1024 * 1024;
const MOST_MEDIA_BYTES = 100 * 1024 * 1024;

/**
 * The studio's uploaded images (the embedded back-end's): MEDIA_MAX_BYTES, the
 * largest upload taken; MEDIA_DIR, a folder to keep them in that every instance
 * mounts (without it: the database on PostgreSQL, `DATA_DIR/media` on SQLite).
 */
export function parseMedia(env: NodeJS.ProcessEnv, portalEnv: PortalEnvName): { maxBytes: number; dir?: string } {
  const text = env.MEDIA_MAX_BYTES?.trim();
  if (text && (!/^\d{1,9}$/.test(text) || Number(text) < 10_000 || Number(text) > MOST_MEDIA_BYTES))
    throw new Error(`MEDIA_MAX_BYTES must be a number of bytes from 10000 to ${MOST_MEDIA_BYTES}, not "${text}"`);
  const dir = env.MEDIA_DIR?.trim();
  if (dir && portalEnv !== 'local')
    throw new Error(`MEDIA_DIR is for the embedded back-end (PORTAL_ENV=local), not PORTAL_ENV=${portalEnv}`);
  return { maxBytes: text ? Number(text) : DEFAULT_MEDIA_MAX_BYTES, ...(dir && { dir: resolve(dir) }) };
}
