import { APP_ID, BRAND, type PortalEnvironment, type PortalEnvName } from '../contract/environments';

/** The servers an environment other than `local` talks to. */
export interface ServerAddresses {
  accountServer: string;
  console: string;
  portal: string;
  kernel: string;
  brand: string;
}

/** The setting that replaces each server (README, "Settings"). */
export const SERVER_SETTINGS: Readonly<Record<keyof ServerAddresses, string>> = {
  accountServer: 'ACCOUNT_SERVER_URL',
  console: 'CONSOLE_URL',
  portal: 'PORTAL_API_URL',
  kernel: 'KERNEL_API_URL',
  brand: 'BRAND_API_URL',
};

const provider = (sub: string): ServerAddresses => ({
  accountServer: `https://guc${sub}.zhizaoyun.cn`,
  console: `https://console${sub}.zhizaoyun.cn`,
  portal: `https://portal-api${sub}.zhizaoyun.cn`,
  kernel: `https://kernel-api${sub}.zhizaoyun.cn`,
  brand: `https://${BRAND}-api${sub}.zhizaoyun.cn`,
});

/** The provider's servers for each environment but `local` (SPEC §9). */
const PROVIDER: Record<Exclude<PortalEnvName, 'local'>, ServerAddresses> = {
  dev: provider('-dev'),
  test: provider('-test'),
  demo: provider('-demo'),
  prod: provider(''),
};

/** An environment other than `local`: the provider's servers, each replaced where a setting names another. */
export function remoteEnvironment(
  name: Exclude<PortalEnvName, 'local'>,
  replaced: Partial<ServerAddresses> = {},
): PortalEnvironment {
  const servers = { ...PROVIDER[name], ...replaced };
  return {
    name,
    appId: APP_ID,
    brand: BRAND,
    accountServer: servers.accountServer,
    console: servers.console,
    api: { portal: servers.portal, kernel: servers.kernel, brand: servers.brand },
  };
}

/**
 * What the widgets are told about their environment: the servers the portal
 * itself uses. `local` says only its name: every service is then on the portal's
 * own origin and the console on the next port, which the widgets work out from
 * where they were loaded.
 */
export function announcedEnvironment(remote?: PortalEnvironment): Partial<PortalEnvironment> {
  return remote ?? { name: 'local', appId: APP_ID, brand: BRAND };
}

/** The origins a page's widgets talk to outside `local` (for its Content-Security-Policy). */
export function serverOrigins(remote: Pick<PortalEnvironment, 'accountServer' | 'api'>): string[] {
  return [...new Set([remote.accountServer, ...Object.values(remote.api)].map((address) => new URL(address).origin))];
}
