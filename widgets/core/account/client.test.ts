import { expect } from 'chai';
import { testAccountClient } from '../../test-support/account-client';
import { type RecordedRequest, recordFetches } from '../../test-support/fetch-recorder';
import { waitFor } from '../../test-support/wait';
import { localEnvironment, setEnvironment } from '../env';
import { $userInfo, $userInfoLoading, setUserInfo } from '../stores/user';
import { $tokens, saveTokens, type Tokens } from '../tokens';
import { type AccountOptions, FAILED_EXCHANGE_RELOAD_MS, STATE_STORAGE_KEY, VERIFIER_STORAGE_KEY } from './client';
import { connectHub } from './hub';
import { accountUrl } from './service';

const home = location.pathname + location.search;

function setup(overrides: Partial<AccountOptions> = {}) {
  const navigations: string[] = [];
  const scheduled: Array<{ fn: () => void; ms: number }> = [];
  let reloads = 0;
  const client = testAccountClient({
    navigate: (url) => navigations.push(url),
    reload: () => reloads++,
    schedule: (fn, ms) => scheduled.push({ fn, ms }),
    ...overrides,
  });
  clients.push(client);
  return { client, navigations, scheduled, reloads: () => reloads };
}

const clients: Array<{ close(): void }> = [];
let fetches: ReturnType<typeof recordFetches>;
const calls = (path: string): RecordedRequest[] => fetches.requests.filter((r) => r.url.pathname === path);
const tokens = (seed: string, expiresIn = 3_600_000): Tokens => ({
  accessToken: `at-${seed}`,
  refreshToken: `rt-${seed}`,
  expiresAt: Date.now() + expiresIn,
});

describe('account client', () => {
  beforeEach(() => {
    setEnvironment(localEnvironment(location.origin));
    saveTokens(null);
    $userInfoLoading.set(true);
    $userInfo.set(null);
    sessionStorage.clear();
    fetches = recordFetches();
  });
  afterEach(() => {
    fetches.restore();
    for (const client of clients.splice(0)) client.close();
    history.replaceState(null, '', home);
  });

  describe('sign-in', () => {
    it('login() goes to the auth page with appId, the current page, page_type=c, a one-time state and a PKCE challenge', async () => {
      const { client, navigations } = setup();
      history.replaceState(null, '', `${home}&tab=2`);
      client.login();
      await waitFor(() => navigations.length > 0, 'login navigates');
      const target = new URL(navigations[0]!);
      const verifier = sessionStorage.getItem(VERIFIER_STORAGE_KEY)!;
      expect(verifier).to.have.length(64);
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
      const s256 = btoa(String.fromCharCode(...digest))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      expect(target.searchParams.get('code_challenge')).to.equal(s256);
      expect(target.searchParams.get('code_challenge_method')).to.equal('S256');
      expect(target.pathname).to.equal('/api/guc/protocol/oauth2/auth');
      expect(target.searchParams.get('appId')).to.equal('9090');
      expect(target.searchParams.get('page_type')).to.equal('c');
      expect(target.searchParams.get('redirectUri')).to.equal(location.href);
      const state = target.searchParams.get('state')!;
      expect(state).to.have.length(32);
      expect(sessionStorage.getItem(STATE_STORAGE_KEY)).to.equal(state);
    });

    it('login(returnTo) comes back to that address of this origin (the action it was asked for), never to another', async () => {
      const { client, navigations } = setup();
      const back = (index: number) => new URL(navigations[index]!).searchParams.get('redirectUri');
      client.login('/order/create?productId=1&edition=2');
      await waitFor(() => navigations.length === 1, 'login navigates');
      expect(back(0)).to.equal(`${location.origin}/order/create?productId=1&edition=2`);
      client.login('https://evil.example/order');
      await waitFor(() => navigations.length === 2, 'login navigates again');
      expect(back(1)).to.equal(location.href);
    });

    it('exchanges a returned code, removes it from the URL and fills the user store', async () => {
      const { client } = setup();
      sessionStorage.setItem(STATE_STORAGE_KEY, 'expected-state');
      sessionStorage.setItem(VERIFIER_STORAGE_KEY, 'v'.repeat(64));
      history.replaceState(null, '', `${home}&keep=1&code=good-1&state=expected-state`);
      const user = await client.init();

      const exchange = calls('/api/guc/protocol/oauth2/token/by-code')[0]!;
      expect(exchange.url.searchParams.get('code')).to.equal('good-1');
      expect(exchange.url.searchParams.get('code_verifier')).to.equal('v'.repeat(64));
      expect(exchange.url.searchParams.get('appId')).to.equal('9090');
      expect(exchange.url.searchParams.get('redirectUri')).to.equal(new URL(`${home}&keep=1`, location.href).href);
      expect(location.search).to.include('keep=1');
      expect(location.search).not.to.match(/code=|state=/);
      expect($tokens.get()?.accessToken).to.equal('at-good-1');
      expect(user).to.include({ name: '张工', companyId: '1001' });
      expect($userInfo.get()?.name).to.equal('张工');
      expect($userInfoLoading.get()).to.equal(false);
      expect(sessionStorage.getItem(STATE_STORAGE_KEY)).to.equal(null);
    });

    it('refuses a returned code whose state this page did not issue', async () => {
      const { client } = setup();
      sessionStorage.setItem(STATE_STORAGE_KEY, 'mine');
      history.replaceState(null, '', `${home}&code=good-2&state=forged`);
      expect(await client.init()).to.equal(null);
      expect(calls('/api/guc/protocol/oauth2/token/by-code')).to.have.length(0);
      expect($tokens.get()).to.equal(null);
      expect(location.search).not.to.include('code=');
    });

    it('refuses a returned code that carries no state (a sign-in another site started)', async () => {
      const { client } = setup();
      sessionStorage.setItem(STATE_STORAGE_KEY, 'mine');
      history.replaceState(null, '', `${home}&code=good-3`);
      expect(await client.init()).to.equal(null);
      expect(calls('/api/guc/protocol/oauth2/token/by-code')).to.have.length(0);
      expect($tokens.get()).to.equal(null);
    });

    it('refuses a returned code when this tab started no sign-in', async () => {
      const { client } = setup();
      history.replaceState(null, '', `${home}&code=good-4&state=whatever`);
      expect(await client.init()).to.equal(null);
      expect(calls('/api/guc/protocol/oauth2/token/by-code')).to.have.length(0);
    });

    it('keeps the sign-in it had when a code it did not ask for arrives (another site sent the visitor here)', async () => {
      saveTokens(tokens('mine'));
      const { client } = setup();
      history.replaceState(null, '', `${home}&code=foreign&state=forged`);
      const user = await client.init();
      expect(calls('/api/guc/protocol/oauth2/token/by-code')).to.have.length(0);
      expect($tokens.get()?.accessToken).to.equal('at-mine');
      expect(user?.name).to.equal('张工');
      expect(location.search).not.to.include('code=');
    });

    it('sends no verifier when it could not send a challenge (a page without Web Crypto)', async () => {
      const { client, navigations } = setup();
      Object.defineProperty(crypto, 'subtle', { value: undefined, configurable: true });
      try {
        client.login();
        await waitFor(() => navigations.length > 0, 'login navigates');
      } finally {
        Reflect.deleteProperty(crypto, 'subtle');
      }
      expect(new URL(navigations[0]!).searchParams.has('code_challenge')).to.equal(false);
      expect(sessionStorage.getItem(VERIFIER_STORAGE_KEY)).to.equal(null);
    });

    it('on a failed exchange clears the credentials and reloads after 3 s', async () => {
      saveTokens(tokens('old'));
      const { client, scheduled, reloads } = setup();
      sessionStorage.setItem(STATE_STORAGE_KEY, 'bad-state');
      history.replaceState(null, '', `${home}&code=bad&state=bad-state`);
      expect(await client.init()).to.equal(null);
      expect($tokens.get()).to.equal(null);
      expect(localStorage.getItem('portal.guc.tokens')).to.equal(null);
      expect(scheduled).to.have.length(1);
      expect(scheduled[0]!.ms).to.equal(FAILED_EXCHANGE_RELOAD_MS);
      expect(FAILED_EXCHANGE_RELOAD_MS).to.equal(3000);
      expect(reloads()).to.equal(0);
      scheduled[0]!.fn();
      expect(reloads()).to.equal(1);
    });

    it('verifies a stored token, then loads the customer info', async () => {
      saveTokens(tokens('stored'));
      const { client } = setup();
      const user = await client.init();
      expect(calls('/api/guc/token/verify')[0]!.headers.get('Authorization')).to.equal('Bearer at-stored');
      expect(calls('/api/guc/customer/current/customer-info')).to.have.length(1);
      expect(user?.name).to.equal('张工');
    });

    it('uses the business user info in business mode', async () => {
      saveTokens(tokens('staff'));
      const { client } = setup({ mode: 'business' });
      await client.init();
      expect(calls('/api/guc/current/user-info')).to.have.length(1);
      expect(calls('/api/guc/customer/current/customer-info')).to.have.length(0);
    });

    it('without a token only ends loading, with no call to the service', async () => {
      const { client } = setup();
      expect(await client.init()).to.equal(null);
      expect($userInfoLoading.get()).to.equal(false);
      expect(fetches.requests).to.have.length(0);
    });

    it('drops a token the service does not accept', async () => {
      saveTokens({ ...tokens('x'), accessToken: 'at-invalid' });
      const { client } = setup();
      expect(await client.init()).to.equal(null);
      expect($tokens.get()).to.equal(null);
      expect($userInfoLoading.get()).to.equal(false);
    });

    it('adds the portal profile (certification flag) to the user', async () => {
      saveTokens(tokens('p'));
      const { client } = setup({ loadProfile: async () => ({ potalStatus: true, userName: 'demo' }) });
      expect(await client.init()).to.include({ potalStatus: true, userName: 'demo', name: '张工' });
    });
  });

  describe('sign-out', () => {
    it('a 401 from the user info signs out', async () => {
      saveTokens({ ...tokens('x'), accessToken: 'at-401' });
      const { client, navigations } = setup();
      await client.init();
      const target = new URL(navigations[0]!);
      expect(target.pathname).to.equal('/api/guc/protocol/oauth2/logout');
      expect(target.searchParams.get('token')).to.equal('at-401');
      expect(target.searchParams.get('redirectUri')).to.equal(location.href);
      expect($tokens.get()).to.equal(null);
    });

    for (const [name, call] of [
      ['menu tree', (c: ReturnType<typeof setup>['client']) => c.getMenuTree('home')],
      ['buttons', (c: ReturnType<typeof setup>['client']) => c.getButtons()],
    ] as const) {
      it(`a 401 from the ${name} signs out`, async () => {
        saveTokens({ ...tokens('x'), accessToken: 'at-401' });
        const { client, navigations } = setup();
        await call(client).catch(() => {});
        expect(navigations[0]).to.include('/api/guc/protocol/oauth2/logout');
        expect($tokens.get()).to.equal(null);
      });
    }

    it('menu tree and buttons carry appId, code and the token', async () => {
      saveTokens(tokens('menu'));
      const { client } = setup();
      expect(await client.getMenuTree('home')).to.deep.equal([{ code: 'home', appId: '9090' }]);
      const menu = calls('/api/guc/current/menu/tree')[0]!;
      expect(menu.url.searchParams.get('code')).to.equal('home');
      expect(menu.headers.get('Authorization')).to.equal('Bearer at-menu');
      expect(await client.getButtons()).to.deep.equal([{ code: 'order:create', appId: '9090' }]);
    });

    it('logout() tells the other tabs, and a tab that hears it forgets the user', async () => {
      const heard: unknown[] = [];
      const listener = new BroadcastChannel('portal.guc');
      listener.onmessage = (event) => heard.push(event.data);
      saveTokens(tokens('a'));
      setup().client.logout();
      await waitFor(() => heard.length, 'sign-out broadcast');
      expect(heard[0]).to.deep.equal({ type: 'signed-out' });

      saveTokens(tokens('b'));
      setUserInfo({ name: '张工', headImg: '', companyId: '1', userName: '', mobile: '', potalStatus: true });
      setup(); // this "tab" listens
      listener.postMessage({ type: 'signed-out' });
      await waitFor(() => !$userInfo.get() && !$tokens.get(), 'signed out by the other tab');
      listener.close();
    });
  });

  describe('sign-out across origins', () => {
    it('logout() leaves only once the hub has the sign-out, so the other origins hear it', async () => {
      const other = connectHub(accountUrl(location.origin, '/api/guc/view/token/hub', { appId: '9090' }), 3000);
      await other.set(tokens('shared'));
      saveTokens(tokens('shared'));
      let sharedWhenLeaving: Promise<unknown> | undefined;
      const { client } = setup({
        hub: true,
        navigate: () => {
          sharedWhenLeaving = other.get();
        },
      });
      await client.init();
      client.logout();
      expect(sharedWhenLeaving, 'left before the hub answered').to.equal(undefined);
      await waitFor(() => sharedWhenLeaving, 'the page leaving', 4000);
      expect(await sharedWhenLeaving).to.equal(null);
      other.close();
    });
  });

  describe('refresh', () => {
    it('is off in the portal configuration', async () => {
      saveTokens(tokens('r'));
      expect(await setup({ refresh: false }).client.refreshToken()).to.equal(null);
      expect(calls('/api/guc/token/refresh')).to.have.length(0);
    });

    it('only one of two tabs refreshes, and both end with the new token', async () => {
      saveTokens(tokens('shared', 60_000));
      const first = setup({ refresh: true }).client;
      const second = setup({ refresh: true }).client;
      const [a, b] = await Promise.all([first.refreshToken(), second.refreshToken()]);
      expect(calls('/api/guc/token/refresh')).to.have.length(1);
      expect(a?.accessToken).to.equal('at-refreshed-rt-shared');
      expect(b?.accessToken).to.equal('at-refreshed-rt-shared');
      expect(JSON.parse(localStorage.getItem('portal.guc.tokens')!).accessToken).to.equal('at-refreshed-rt-shared');
    });
  });
});
