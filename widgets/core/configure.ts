import { CONFIG_KEY, PORTAL_ENV_NAMES, type PortalConfig, type PortalEnvironment } from '../../contract/environments';

/**
 * The origin of `address`; throws now, naming it, rather than later in an element.
 * (`new URL` in a try, not `URL.canParse`: that is missing before Chrome 120,
 * Firefox 115 and Safari 17, where it threw instead: issue #34.)
 */
function originOf(address: string): string {
  try {
    return new URL(address).origin;
  } catch {
    throw new TypeError(`configurePortal: "${address}" is not an address`);
  }
}

type ConfigWindow = Record<symbol, { env?: Partial<PortalEnvironment> } | undefined>;

/**
 * Tells the elements where their portal is: `configurePortal({ origin:
 * 'https://www.example.cn', env: 'prod' })`. Needed when their code is bundled
 * into an app (or served from a CDN), where the address it was loaded from is not
 * the portal's. Every address the elements use follows it: pages, media, the
 * APIs, the account service and its hub, the console and the chat. It wins over
 * the page's `<meta name="portal-origin">` (it writes that tag, which every copy
 * of the elements on the page reads) and over the environment `portal.js`
 * announces, and may be called before or after the elements are imported.
 * Without a document (a server rendering the app) it keeps only the environment.
 */
export function configurePortal(config: PortalConfig): void {
  if (config.origin !== undefined) {
    const origin = originOf(config.origin);
    if (typeof document !== 'undefined') {
      const meta =
        document.querySelector<HTMLMetaElement>('meta[name=portal-origin]') ??
        document.head.appendChild(Object.assign(document.createElement('meta'), { name: 'portal-origin' }));
      meta.content = origin;
    }
  }
  if (config.env !== undefined) {
    const env = typeof config.env === 'string' ? { name: config.env } : config.env;
    if (env.name !== undefined && !PORTAL_ENV_NAMES.includes(env.name))
      throw new TypeError(`configurePortal: "${env.name}" is not an environment (${PORTAL_ENV_NAMES.join(', ')})`);
    (globalThis as unknown as ConfigWindow)[CONFIG_KEY] = { env };
  }
}
