import { returnAddress } from '../../contract/return-address';

/**
 * Applications registered with the account service and the origins each may
 * send users back to. Origins are known only once the servers listen (a port may
 * be picked at start), so the registry is filled then.
 */
export class AppRegistry {
  readonly #origins = new Map<string, Set<string>>();

  register(appId: string, origins: Iterable<string>): void {
    const set = this.#origins.get(appId) ?? new Set<string>();
    for (const origin of origins) set.add(new URL(origin).origin);
    this.#origins.set(appId, set);
  }

  ids(): string[] {
    return [...this.#origins.keys()];
  }

  /** Whether any registered application lives on this origin. */
  knows(origin: string): boolean {
    return this.ids().some((appId) => this.allows(appId, origin));
  }

  has(appId: string): boolean {
    return this.#origins.has(appId);
  }

  origins(appId: string): string[] {
    return [...(this.#origins.get(appId) ?? [])];
  }

  /** True only for an absolute http(s) address on an origin registered for the app (contract/return-address.ts). */
  allows(appId: string, address: string): boolean {
    const origins = this.#origins.get(appId);
    return origins !== undefined && returnAddress(address, { origins }) !== undefined;
  }
}

/** The portal's application id at the account service (SPEC §1). */
export const PORTAL_APP_ID = '9090';
