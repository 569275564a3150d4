import { resolve } from 'node:path';

export const ENVIRONMENTS = ['local', 'dev', 'test', 'demo', 'prod'] as const;
export type PortalEnv = (typeof ENVIRONMENTS)[number];

export interface HostConfig {
  /** Port to listen on; 0 picks a free one. */
  port: number;
  /** Which back-end the portal talks to (SPEC §9 environments). */
  env: PortalEnv;
  /** Where the embedded back-end keeps its data. */
  dataDir: string;
  /** Built widget bundles (`npm run build`). */
  widgetsDir: string;
  logLevel: string;
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not "${value}"`);
  return port;
}

function parseEnv(value: string | undefined): PortalEnv {
  if (value === undefined || value === '') return 'local';
  if ((ENVIRONMENTS as readonly string[]).includes(value)) return value as PortalEnv;
  throw new Error(`PORTAL_ENV must be one of ${ENVIRONMENTS.join(', ')}, not "${value}"`);
}

/** Reads the host's settings from the environment, failing early on a bad value. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): HostConfig {
  return {
    port: parsePort(env.PORT),
    env: parseEnv(env.PORTAL_ENV),
    dataDir: resolve(env.DATA_DIR || 'data'),
    widgetsDir: resolve(env.WIDGETS_DIR || 'dist/widgets'),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
