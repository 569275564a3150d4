import { APP_ID, BRAND, ENV_KEY, type PortalEnvironment } from '../../contract/environments';
import { portalOrigin } from './config';

export { APP_ID, BRAND, ENV_KEY, type PortalEnvironment, type PortalEnvName } from '../../contract/environments';

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
