import { portalOrigin } from './config';

export type PortalEnvName = 'local' | 'dev' | 'test' | 'demo' | 'prod';

/** Where one environment's servers live (SPEC §9 environments). */
export interface PortalEnvironment {
  name: PortalEnvName;
  /** Application id at the central account service. */
  appId: string;
  /** The brand segment of `/api-{brand}-portal/` paths. */
  brand: string;
  /** Origin of the central account service. */
  accountServer: string;
  /** Origin of the market console (welcome page, certification, manager setting). */
  console: string;
  /** Base URL for each API prefix. */
  api: { portal: string; kernel: string; brand: string };
}

/** The server that serves `portal.js` writes its environment under this key. */
export const ENV_KEY = Symbol.for('portal.env');

export const APP_ID = '9090';
export const BRAND = 'zzy';

/**
 * The embedded defaults: every service on the portal's own origin, and the local
 * console on the next port.
 */
export function localEnvironment(origin: string = portalOrigin): PortalEnvironment {
  const url = new URL(origin);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return {
    name: 'local',
    appId: APP_ID,
    brand: BRAND,
    accountServer: url.origin,
    console: `${url.protocol}//${url.hostname}:${port + 1}`,
    api: { portal: url.origin, kernel: url.origin, brand: url.origin },
  };
}

let current: PortalEnvironment | undefined;

/** The environment this page runs in: as the portal server announced it, else local. */
export function environment(): PortalEnvironment {
  if (!current) {
    const announced = (window as unknown as Record<symbol, Partial<PortalEnvironment> | undefined>)[ENV_KEY];
    current = { ...localEnvironment(), ...announced };
  }
  return current;
}

/** Replaces the environment, for tests and for hosts that configure it by hand. */
export function setEnvironment(next: PortalEnvironment): void {
  current = next;
}
