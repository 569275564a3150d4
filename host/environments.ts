import { APP_ID, BRAND, type PortalEnvironment, type PortalEnvName } from '../contract/environments';

type Remote = Omit<PortalEnvironment, 'name' | 'appId' | 'brand'>;

const remote = (sub: string): Remote => ({
  accountServer: `https://guc${sub}.zhizaoyun.cn`,
  console: `https://console${sub}.zhizaoyun.cn`,
  api: {
    portal: `https://portal-api${sub}.zhizaoyun.cn`,
    kernel: `https://kernel-api${sub}.zhizaoyun.cn`,
    brand: `https://${BRAND}-api${sub}.zhizaoyun.cn`,
  },
});

/** The provider's servers for each environment but `local` (SPEC §9). */
const REMOTE: Record<Exclude<PortalEnvName, 'local'>, Remote> = {
  dev: remote('-dev'),
  test: remote('-test'),
  demo: remote('-demo'),
  prod: remote(''),
};

/** The real servers of an environment other than `local`. */
export function remoteEnvironment(name: Exclude<PortalEnvName, 'local'>): PortalEnvironment {
  return { name, appId: APP_ID, brand: BRAND, ...REMOTE[name] };
}

/**
 * What the widgets are told about their environment. `local` says only its name:
 * every service is then on the portal's own origin and the console on the next
 * port, which the widgets work out from where they were loaded.
 */
export function announcedEnvironment(name: PortalEnvName): Partial<PortalEnvironment> {
  if (name === 'local') return { name, appId: APP_ID, brand: BRAND };
  return { name, appId: APP_ID, brand: BRAND, ...REMOTE[name] };
}
