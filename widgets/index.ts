/** The package's main entry: where the elements find their portal. Each element is its own import. */

export type { PortalConfig, PortalEnvironment, PortalEnvName } from '../contract/environments';
export { configurePortal } from './core/configure';
