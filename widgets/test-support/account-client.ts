import { type AccountOptions, createAccountClient } from '../core/account/client';

/**
 * An account client against the fake service on this origin, as the tests use it:
 * no hub, no refresh, navigations handed to `navigate` instead of leaving the page.
 */
export function testAccountClient(overrides: Partial<AccountOptions> = {}) {
  return createAccountClient({
    appId: '9090',
    mode: 'customer',
    accountServer: location.origin,
    refresh: false,
    autoRefresh: false,
    hub: false,
    navigate: () => {},
    ...overrides,
  });
}
