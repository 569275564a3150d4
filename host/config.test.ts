import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { configFromEnv } from './config';

describe('the servers an environment talks to', () => {
  it('are replaced one by one outside local', () => {
    const config = configFromEnv({
      PORTAL_ENV: 'prod',
      SESSION_SECRET: 'a-secret-of-at-least-thirty-two-characters',
      PORTAL_API_URL: 'https://api.portal.example.cn/',
      CONSOLE_URL: 'http://console.internal:8080',
    });
    assert.deepEqual(config.servers, {
      portal: 'https://api.portal.example.cn',
      console: 'http://console.internal:8080',
    });
    assert.equal(config.upstreamTimeoutMs, 1500);
  });

  it('refuses an address that is not an http(s) origin, naming the setting', () => {
    for (const [setting, value] of [
      ['ACCOUNT_SERVER_URL', 'guc.example.cn'],
      ['KERNEL_API_URL', 'ftp://kernel.example.cn'],
      ['BRAND_API_URL', 'https://brand.example.cn/api'],
      ['PORTAL_API_URL', 'https://user:secret@api.example.cn'],
    ] as const)
      assert.throws(
        () => configFromEnv({ PORTAL_ENV: 'test', [setting]: value }),
        new RegExp(`^Error: ${setting} must be`),
      );
  });

  it('refuses them in local, which runs its own back-end', () => {
    assert.throws(() => configFromEnv({ PORTAL_API_URL: 'https://api.example.cn' }), /PORTAL_API_URL .*local/);
  });

  it('takes UPSTREAM_TIMEOUT_MS from 100 ms to a minute', () => {
    assert.equal(configFromEnv({ UPSTREAM_TIMEOUT_MS: '800' }).upstreamTimeoutMs, 800);
    for (const value of ['0', '99', '60001', '1.5', 'soon', '-1'])
      assert.throws(() => configFromEnv({ UPSTREAM_TIMEOUT_MS: value }), /UPSTREAM_TIMEOUT_MS must be/);
  });
});

describe('operations settings', () => {
  it('SHUTDOWN_GRACE_MS: 10 s by default, 0 to 10 minutes', () => {
    assert.equal(configFromEnv({}).shutdownGraceMs, 10_000);
    assert.equal(configFromEnv({ SHUTDOWN_GRACE_MS: '2500' }).shutdownGraceMs, 2500);
    for (const value of ['600001', '1.5', 'soon', '-1'])
      assert.throws(() => configFromEnv({ SHUTDOWN_GRACE_MS: value }), /SHUTDOWN_GRACE_MS must be/);
  });

  it('METRICS_PORT: off by default, a port that is none of the public ones', () => {
    assert.equal(configFromEnv({}).metricsPort, undefined);
    assert.equal(configFromEnv({ PORT: '3000', METRICS_PORT: '9464' }).metricsPort, 9464);
    for (const value of ['http', '65536', '-1'])
      assert.throws(() => configFromEnv({ METRICS_PORT: value }), /METRICS_PORT must be a port number/);
    // local takes the portal's port and the four after it (console, demo sites).
    for (const value of ['3000', '3004'])
      assert.throws(
        () => configFromEnv({ PORT: '3000', METRICS_PORT: value }),
        /METRICS_PORT must not be a public port/,
      );
    assert.equal(configFromEnv({ PORT: '3000', METRICS_PORT: '3005' }).metricsPort, 3005);
  });
});

describe('DATABASE_URL', () => {
  it('selects PostgreSQL for the embedded back-end; unset, SQLite in DATA_DIR', () => {
    assert.equal(configFromEnv({}).databaseUrl, undefined);
    const url = 'postgres://portal:secret@db.internal:5432/portal';
    assert.equal(configFromEnv({ DATABASE_URL: ` ${url} ` }).databaseUrl, url);
    assert.equal(configFromEnv({ DATABASE_URL: 'postgresql://db/portal' }).databaseUrl, 'postgresql://db/portal');
  });

  it('refuses anything but a postgres:// address naming server and database, and any environment but local', () => {
    for (const value of ['db.internal/portal', 'mysql://db/portal', 'postgres://db', 'postgres:///portal'])
      assert.throws(() => configFromEnv({ DATABASE_URL: value }), /^Error: DATABASE_URL must /, value);
    assert.throws(
      () =>
        configFromEnv({
          PORTAL_ENV: 'prod',
          SESSION_SECRET: 'a-secret-of-at-least-thirty-two-characters',
          DATABASE_URL: 'postgres://db/portal',
        }),
      /^Error: DATABASE_URL is for the embedded back-end/,
    );
  });
});

describe('ACCOUNT_ORIGINS', () => {
  it('registers origins, comma-separated, none by default', () => {
    assert.deepEqual(configFromEnv({}).accountOrigins, []);
    assert.deepEqual(
      configFromEnv({ ACCOUNT_ORIGINS: 'https://console.example.cn, http://localhost:5173/' }).accountOrigins,
      ['https://console.example.cn', 'http://localhost:5173'],
    );
  });

  it('refuses anything but origins, naming the setting and the value', () => {
    for (const value of [
      'https://console.example.cn/path',
      'https://*.example.cn',
      'console.example.cn',
      'ftp://console.example.cn',
      'https://console.example.cn?x=1',
      'https://user@console.example.cn',
      'https://a.example.cn,',
    ])
      assert.throws(
        () => configFromEnv({ ACCOUNT_ORIGINS: value }),
        /ACCOUNT_ORIGINS must be (an origin|origins) such as/,
      );
  });

  it('is for the embedded account service of local only', () => {
    assert.throws(
      () =>
        configFromEnv({
          PORTAL_ENV: 'prod',
          SESSION_SECRET: 'a-secret-of-at-least-thirty-two-characters',
          ACCOUNT_ORIGINS: 'https://console.example.cn',
        }),
      /ACCOUNT_ORIGINS registers origins with the embedded account service of PORTAL_ENV=local/,
    );
  });
});

describe('DEMO_SITES', () => {
  it('is on in local and off elsewhere unless set', () => {
    assert.equal(configFromEnv({}).demoSites, true);
    assert.equal(configFromEnv({ DEMO_SITES: 'false' }).demoSites, false);
    const prod = { PORTAL_ENV: 'prod', SESSION_SECRET: 'a-secret-of-at-least-thirty-two-characters' };
    assert.equal(configFromEnv(prod).demoSites, false);
    assert.equal(configFromEnv({ ...prod, DEMO_SITES: 'false' }).demoSites, false);
  });

  it('refuses anything but true or false, and true outside local', () => {
    for (const value of ['yes', '1', 'off'])
      assert.throws(() => configFromEnv({ DEMO_SITES: value }), /^Error: DEMO_SITES must be true or false/);
    assert.throws(
      () =>
        configFromEnv({
          PORTAL_ENV: 'prod',
          SESSION_SECRET: 'a-secret-of-at-least-thirty-two-characters',
          DEMO_SITES: 'true',
        }),
      /DEMO_SITES=true needs PORTAL_ENV=local/,
    );
  });
});

describe('per-address limits', () => {
  it('are generous by default, and a number of requests per minute from 1', () => {
    const defaults = configFromEnv({});
    assert.deepEqual([defaults.renderLimit, defaults.notFoundLimit, defaults.searchLimit], [300, 120, 300]);
    const set = configFromEnv({
      RENDER_LIMIT_PER_ADDRESS: '50',
      NOT_FOUND_LIMIT_PER_ADDRESS: '20',
      SEARCH_LIMIT_PER_ADDRESS: ' 1000 ',
    });
    assert.deepEqual([set.renderLimit, set.notFoundLimit, set.searchLimit], [50, 20, 1000]);
    for (const setting of ['RENDER_LIMIT_PER_ADDRESS', 'NOT_FOUND_LIMIT_PER_ADDRESS', 'SEARCH_LIMIT_PER_ADDRESS'])
      for (const value of ['0', '-1', '1.5', 'many', '10000000'])
        assert.throws(() => configFromEnv({ [setting]: value }), new RegExp(`^Error: ${setting} must be`));
  });
});

describe('the render queue', () => {
  it('RENDER_QUEUE_LENGTH and RENDER_QUEUE_WAIT_MS: 256 renders for up to 10 s by default', () => {
    assert.deepEqual(configFromEnv({}).renderQueue, { maxWaiting: 256, maxWaitMs: 10_000 });
    assert.deepEqual(configFromEnv({ RENDER_QUEUE_LENGTH: '0', RENDER_QUEUE_WAIT_MS: '2500' }).renderQueue, {
      maxWaiting: 0,
      maxWaitMs: 2500,
    });
    for (const value of ['-1', '1.5', 'many', '1000000'])
      assert.throws(() => configFromEnv({ RENDER_QUEUE_LENGTH: value }), /^Error: RENDER_QUEUE_LENGTH must be/);
    for (const value of ['0', '99', '600001', '1.5', 'soon'])
      assert.throws(() => configFromEnv({ RENDER_QUEUE_WAIT_MS: value }), /^Error: RENDER_QUEUE_WAIT_MS must be/);
  });
});

describe('the page cache', () => {
  it('PAGE_CACHE: on by default, off renders every page for its request', () => {
    assert.equal(configFromEnv({}).pageCache, 'on');
    assert.equal(configFromEnv({ PAGE_CACHE: 'off' }).pageCache, 'off');
    assert.equal(configFromEnv({ PAGE_CACHE: ' on ' }).pageCache, 'on');
    for (const value of ['false', 'OFF', '0', 'no'])
      assert.throws(() => configFromEnv({ PAGE_CACHE: value }), /^Error: PAGE_CACHE must be on or off/);
  });
});

describe('chat stream and sign-in limits', () => {
  it('read CHAT_STREAMS_*, CHAT_STREAM_IDLE_MS, CHAT_VISITORS_PER_ADDRESS and SIGN_IN_FAILURES_PER_ADDRESS as whole numbers', () => {
    const defaults = configFromEnv({});
    assert.deepEqual(defaults.chat.streamLimits, {
      perVisitor: undefined,
      perAddress: undefined,
      total: undefined,
      idleMs: undefined,
    });
    assert.equal(defaults.signInFailuresPerAddress, undefined);
    const set = configFromEnv({
      CHAT_STREAMS_PER_VISITOR: '3',
      CHAT_STREAMS_PER_ADDRESS: '40',
      CHAT_STREAMS_TOTAL: '0',
      CHAT_STREAM_IDLE_MS: '60000',
      CHAT_VISITORS_PER_ADDRESS: '500',
      SIGN_IN_FAILURES_PER_ADDRESS: '300',
    });
    assert.deepEqual(set.chat.streamLimits, { perVisitor: 3, perAddress: 40, total: 0, idleMs: 60_000 });
    assert.equal(set.chat.visitorsPerAddress, 500);
    assert.equal(set.signInFailuresPerAddress, 300);
    for (const setting of ['CHAT_STREAMS_PER_VISITOR', 'CHAT_VISITORS_PER_ADDRESS', 'SIGN_IN_FAILURES_PER_ADDRESS'])
      for (const value of ['0', '-1', '1.5', 'many'])
        assert.throws(() => configFromEnv({ [setting]: value }), new RegExp(`^Error: ${setting} must be`));
    assert.throws(() => configFromEnv({ CHAT_STREAM_IDLE_MS: '10' }), /^Error: CHAT_STREAM_IDLE_MS must be/);
  });
});

describe('the media library’s settings', () => {
  it('MEDIA_MAX_BYTES: 10 MB by default, a number of bytes from 10000 to 100 MB', () => {
    assert.deepEqual(configFromEnv({}).media, { maxBytes: 10 * 1024 * 1024 });
    assert.equal(configFromEnv({ MEDIA_MAX_BYTES: '2000000' }).media.maxBytes, 2_000_000);
    for (const value of ['0', '9999', '104857601', '1.5', '10MB', '-1'])
      assert.throws(() => configFromEnv({ MEDIA_MAX_BYTES: value }), /^Error: MEDIA_MAX_BYTES must be/);
  });

  it('MEDIA_DIR: a folder, resolved; only for the embedded back-end', () => {
    assert.equal(configFromEnv({ MEDIA_DIR: '/srv/shared/media' }).media.dir, '/srv/shared/media');
    assert.throws(
      () => configFromEnv({ PORTAL_ENV: 'prod', SESSION_SECRET: 'x'.repeat(48), MEDIA_DIR: '/srv/media' }),
      /^Error: MEDIA_DIR is for the embedded back-end/,
    );
  });
});
