/** The environments a portal can run in (SPEC §9): `local` is the embedded back-end. */
export const PORTAL_ENV_NAMES = ['local', 'dev', 'test', 'demo', 'prod'] as const;
export type PortalEnvName = (typeof PORTAL_ENV_NAMES)[number];

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

/** The portal's application at the central account service: customer mode, production (SPEC §1). */
export const APP_ID = '9090';
/** The brand of this portal: `/api-zzy-portal/`, order numbers `ZZY…`. */
export const BRAND = 'zzy';

/** The server that serves `portal.js` writes its environment under this key of `window`. */
export const ENV_KEY = Symbol.for('portal.env');

/**
 * Where a page's elements find their portal, as a page or its bundle says it
 * (`configurePortal`). Each part left out keeps what was there.
 */
export interface PortalConfig {
  /** The portal's address (`https://www.example.cn`): its pages, media, chat and, unless `env` says otherwise, its APIs and account service. */
  origin?: string;
  /** The environment: its name, or its servers as `portal.js` announces them. */
  env?: PortalEnvName | Partial<PortalEnvironment>;
}

/** `configurePortal` keeps the configuration under this key of `window`, shared by every copy of the elements. */
export const CONFIG_KEY = Symbol.for('portal.config');
