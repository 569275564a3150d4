import { expect } from 'chai';
import { testAccountClient } from '../../test-support/account-client';
import { localEnvironment, setEnvironment } from '../env';
import { $userInfo, $userInfoLoading } from '../stores/user';
import { $toast } from '../toast';
import { $tokens, saveTokens, type Tokens } from '../tokens';

/**
 * A reload whose user-info call fails on the service's side (a 5xx, no answer)
 * keeps the visitor signed in as last shown, with one toast; only a 401 signs
 * out (SPEC §8).
 */

const tokens = (seed: string): Tokens => ({
  accessToken: `at-${seed}`,
  refreshToken: `rt-${seed}`,
  expiresAt: Date.now() + 3_600_000,
});

function client(navigations: string[] = []) {
  return testAccountClient({
    navigate: (url) => navigations.push(url),
    reload: () => {},
    schedule: () => {},
  });
}

/** Answers the calls to `path` with `failure` (a status, or no answer at all) instead of the fake service. */
function failing(path: string, failure: number | 'network') {
  const original = window.fetch;
  const calls: string[] = [];
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname !== path) return original(request);
    calls.push(request.url);
    if (failure === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(new Response('<h1>overloaded</h1>', { status: failure }));
  };
  return {
    calls,
    restore() {
      window.fetch = original;
    },
  };
}

describe('account client, when the service fails', () => {
  let stub: ReturnType<typeof failing> | undefined;
  beforeEach(() => {
    setEnvironment(localEnvironment(location.origin));
    saveTokens(null);
    localStorage.clear();
    $userInfoLoading.set(true);
    $userInfo.set(null);
    $toast.set(null);
  });
  afterEach(() => {
    stub?.restore();
    stub = undefined;
  });

  for (const [path, failure, message] of [
    ['/api/guc/customer/current/customer-info', 503, '服务不可用，服务器暂时过载或维护!'],
    ['/api/guc/customer/current/customer-info', 500, '服务器错误,请联系管理员!'],
    ['/api/guc/customer/current/customer-info', 'network', '网络错误!'],
    ['/api/guc/token/verify', 503, '服务不可用，服务器暂时过载或维护!'],
    ['/api/guc/token/verify', 'network', '网络错误!'],
  ] as const) {
    it(`${path} ${failure}: the sign-in and the user last shown stay, with one toast`, async () => {
      saveTokens(tokens('kept'));
      expect((await client().init())?.name).to.equal('张工');
      $userInfoLoading.set(true);
      $userInfo.set(null);

      stub = failing(path, failure);
      const navigations: string[] = [];
      const user = await client(navigations).init();
      expect(stub.calls).to.have.length(1);
      expect(user?.name).to.equal('张工');
      expect($userInfo.get()?.name).to.equal('张工');
      expect($userInfoLoading.get()).to.equal(false);
      expect($tokens.get()?.accessToken).to.equal('at-kept');
      expect(navigations).to.deep.equal([]);
      expect($toast.get()).to.include({ type: 'error', message });
    });
  }

  it('keeps the sign-in, not a user shown for another one', async () => {
    saveTokens(tokens('first'));
    await client().init();
    saveTokens(tokens('second'));
    stub = failing('/api/guc/customer/current/customer-info', 503);
    expect(await client().init()).to.equal(null);
    expect($tokens.get()?.accessToken).to.equal('at-second');
  });

  it('a 401 still signs out, and forgets the user kept', async () => {
    saveTokens(tokens('gone'));
    await client().init();
    stub = failing('/api/guc/customer/current/customer-info', 401);
    const navigations: string[] = [];
    expect(await client(navigations).init()).to.equal(null);
    expect($tokens.get()).to.equal(null);
    expect(navigations[0]).to.include('/api/guc/protocol/oauth2/logout');
    expect(localStorage.getItem('portal.guc.user')).to.equal(null);
  });
});
