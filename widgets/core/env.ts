import { APP_ID, BRAND, CONFIG_KEY, ENV_KEY, type PortalEnvironment } from '../../contract/environments';
import { portalOrigin } from './config';

export { APP_ID, BRAND, ENV_KEY, type PortalEnvironment, type PortalEnvName } from '../../contract/environments';

/**
 * The embedded defaults: every service on the portal's own origin, and the local
 * console on the next port.
 */
export function localEnvironment(origin: string = portalOrigin()): PortalEnvironment {
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

type Announced = Partial<PortalEnvironment> | undefined;

/** `<meta name="portal-env">`: a name (`prod`), or the servers as JSON, for pages without a bundle. */
function metaEnvironment(): Announced {
  const content = document.querySelector<HTMLMetaElement>('meta[name=portal-env]')?.content.trim();
  if (!content) return undefined;
  if (!content.startsWith('{')) return { name: content as PortalEnvironment['name'] };
  try {
    return JSON.parse(content);
  } catch {
    console.error('[portal] <meta name="portal-env"> is neither an environment name nor JSON:', content);
    return undefined;
  }
}

let byHand: PortalEnvironment | undefined;
let cached: { sources: unknown[]; env: PortalEnvironment } | undefined;

/**
 * The environment this page runs in, most specific first: what the page's bundle
 * configured (`configurePortal`), `<meta name="portal-env">`, what the server
 * announced with `portal.js`, and the local defaults on the portal's origin.
 * Read again whenever one of them changed.
 */
export function environment(): PortalEnvironment {
  if (byHand) return byHand;
  const page = window as unknown as Record<symbol, { env?: Announced } | Announced>;
  const sources = [
    portalOrigin(),
    page[ENV_KEY],
    (page[CONFIG_KEY] as { env?: Announced } | undefined)?.env,
    document.querySelector<HTMLMetaElement>('meta[name=portal-env]')?.content,
  ];
  if (!cached || cached.sources.some((source, i) => source !== sources[i])) {
    const [origin, announced, configured] = sources as [string, Announced, Announced];
    cached = { sources, env: { ...localEnvironment(origin), ...announced, ...metaEnvironment(), ...configured } };
  }
  return cached.env;
}

/** Replaces the environment, for tests and for hosts that configure it by hand. */
export function setEnvironment(next: PortalEnvironment): void {
  byHand = next;
}
