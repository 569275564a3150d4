import { expect } from 'chai';
import { localEnvironment, setEnvironment } from '../env';
import { setUserInfo } from '../stores/user';
import { $toast } from '../toast';
import { saveTokens } from '../tokens';
import { configureHttp, DEFAULT_TIMEOUT_MS, getData, http } from './client';
import { ApiError } from './envelope';
import { STATUS_MESSAGES } from './messages';
import { apiUrl, sendsToken } from './routing';

type Echo = {
  authorization: string | null;
  companyId: string | null;
  contentType: string | null;
  cacheControl: string | null;
};

const here = location.origin;
const otherOrigin = `http://127.0.0.1:${location.port}`;
const signedIn = () => {
  saveTokens({ accessToken: 'at-demo', refreshToken: 'rt-demo', expiresAt: Date.now() + 3_600_000 });
  setUserInfo({ name: '张工', headImg: '', companyId: '1001', userName: 'demo', mobile: '', potalStatus: true });
};
const errorToasts = () => {
  const seen: string[] = [];
  const stop = $toast.listen((toast) => toast?.type === 'error' && seen.push(toast.message));
  return { seen, stop };
};

describe('http client', () => {
  beforeEach(() => {
    setEnvironment(localEnvironment(here));
    saveTokens(null);
    setUserInfo(null);
    $toast.set(null);
  });

  describe('headers', () => {
    it('sends the bearer token, companyId, JSON type and no-cache to the portal API', async () => {
      signedIn();
      const echo = (await http.get<Echo>('/api/test/echo')).result!;
      expect(echo).to.include({
        authorization: 'Bearer at-demo',
        companyId: '1001',
        contentType: 'application/json',
        cacheControl: 'no-cache',
      });
    });

    it('sends companyId 0 and no token when signed out', async () => {
      const echo = (await http.get<Echo>('/api/test/echo')).result!;
      expect(echo.authorization).to.equal(null);
      expect(echo.companyId).to.equal('0');
    });

    for (const path of ['/api/open/echo', '/api/personalCertificates/echo']) {
      it(`never sends the token to ${path}`, async () => {
        signedIn();
        const echo = (await http.get<Echo>(path)).result!;
        expect(echo.authorization).to.equal(null);
        expect(echo.companyId).to.equal('1001');
      });
    }

    it('sends nothing of ours to an origin that is not a configured API origin', async () => {
      signedIn();
      const echo = (await http.get<Echo>(`${otherOrigin}/api/test/echo`, { silent: true })).result!;
      expect(echo.authorization).to.equal(null);
      expect(echo.companyId).to.equal(null);
    });

    it('sends the token to every configured API origin', () => {
      const env = { ...localEnvironment(here), api: { portal: here, kernel: otherOrigin, brand: here } };
      expect(sendsToken(new URL(`${otherOrigin}/api-kernel-portal/x`), env)).to.equal(true);
      expect(sendsToken(new URL('https://elsewhere.example/api/x'), env)).to.equal(false);
      expect(sendsToken(new URL(`${here}/api/open/x`), env)).to.equal(false);
    });
  });

  it('chooses the base URL by path prefix', () => {
    const env = {
      ...localEnvironment(here),
      api: { portal: 'https://a.example', kernel: 'https://k.example', brand: 'https://b.example' },
    };
    expect(apiUrl('/api/common/index', env).href).to.equal('https://a.example/api/common/index');
    expect(apiUrl('/api-kernel-portal/api/verify/business', env).href).to.equal(
      'https://k.example/api-kernel-portal/api/verify/business',
    );
    expect(apiUrl('/api-zzy-portal/api/contract/check', env).href).to.equal(
      'https://b.example/api-zzy-portal/api/contract/check',
    );
  });

  describe('failures', () => {
    for (const [status, message] of Object.entries(STATUS_MESSAGES)) {
      it(`shows "${message}" for ${status}`, async () => {
        $toast.set(null);
        const error = await http.get(`/api/test/status/${status}`).catch((e: unknown) => e);
        expect(error).to.be.instanceOf(Error);
        expect($toast.get()).to.include({ type: 'error', message });
      });
    }

    it("shows the server's message for 400", async () => {
      await http.get('/api/test/status/400').catch(() => {});
      expect($toast.get()).to.include({ type: 'error', message: '手机号格式不正确' });
    });

    it('shows one toast for a burst of failures', async () => {
      const toasts = errorToasts();
      await Promise.allSettled([500, 502, 503].map((status) => http.get(`/api/test/status/${status}`)));
      toasts.stop();
      expect(toasts.seen).to.have.length(1);
    });

    it('says nothing when the caller cancels', async () => {
      const controller = new AbortController();
      const pending = http.get('/api/test/slow?ms=2000', { signal: controller.signal });
      controller.abort();
      const error = await pending.catch((e: unknown) => e);
      expect((error as Error).name).to.equal('AbortError');
      expect($toast.get()).to.equal(null);
    });

    it('gives up after the timeout and shows the 408 message', async () => {
      const started = performance.now();
      const error = await http.get('/api/test/slow?ms=3000', { timeout: 200 }).catch((e: unknown) => e);
      expect((error as Error).name).to.equal('TimeoutError');
      expect(performance.now() - started).to.be.at.least(160);
      expect($toast.get()).to.include({ message: STATUS_MESSAGES[408] });
    });

    it('has a 10 s default timeout that can be configured', async () => {
      expect(DEFAULT_TIMEOUT_MS).to.equal(10_000);
      configureHttp({ timeout: 150 });
      try {
        const error = await http.get('/api/test/slow?ms=3000').catch((e: unknown) => e);
        expect((error as Error).name).to.equal('TimeoutError');
      } finally {
        configureHttp({ timeout: DEFAULT_TIMEOUT_MS });
      }
    });

    it('stays quiet for silent requests', async () => {
      await http.get('/api/test/status/500', { silent: true }).catch(() => {});
      expect($toast.get()).to.equal(null);
    });
  });

  describe('envelopes', () => {
    it('unwraps a success', async () => {
      expect(await getData('/api/test/envelope?code=0000')).to.deep.equal({ ok: true });
    });

    it('turns an ignored code into null', async () => {
      expect(await getData('/api/test/envelope?code=0001', { ignore: ['0001'] })).to.equal(null);
    });

    it('throws an ApiError with the server message for any other code', async () => {
      const error = await getData('/api/test/envelope?code=0001').catch((e: unknown) => e);
      expect(error).to.be.instanceOf(ApiError);
      expect(error).to.include({ code: '0001', message: '业务提示' });
    });
  });

  describe('a portal that is not there', () => {
    it('shows the visitor the network message, and says once in the console where to set the address', async () => {
      // Nothing listens on port 9 here: every request is refused.
      setEnvironment(localEnvironment('http://127.0.0.1:9'));
      const errors: unknown[][] = [];
      const original = console.error;
      console.error = (...args: unknown[]) => errors.push(args);
      const toasts = errorToasts();
      try {
        for (let i = 0; i < 3; i++) await getData('/api/common/index').catch(() => {});
        await getData('/api/common/index', { silent: true }).catch(() => {});
      } finally {
        console.error = original;
        toasts.stop();
      }
      expect(toasts.seen).to.deep.equal([STATUS_MESSAGES[502]]);
      expect(errors.length, JSON.stringify(errors.map(String))).to.equal(1);
      expect(String(errors[0]?.[0])).to.match(/127\.0\.0\.1:9.*\/api\/common\/index.*configurePortal/s);
    });
  });
});
