import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { type PortalProcess, startPortalProcess } from '../e2e/portal-process';
import { createApp } from './app';
import { startTestPortal, type TestPortal } from './test-support/backend';
import { ROUTES } from './test-support/routes';
import { listen, request } from './test-support/server';

/**
 * A portal outside `local` whose every server is a fake that relays to a real
 * embedded back-end, or fails the way back-ends fail: slow (5 s), hanging,
 * refusing connections, answering 500, answering garbage. Whatever it does,
 * every page answers within 2 s: kept pages with their last good copy, others
 * with the spec's error page.
 */
type Mode = 'ok' | 'slow' | 'hanging' | 'refusing' | '500' | 'garbage text' | 'garbage JSON';
const FAILURES: Mode[] = ['slow', 'hanging', 'refusing', '500', 'garbage text', 'garbage JSON'];
const WITHIN_MS = 2000;

let source: TestPortal;
let fake: Server;
let fakePort = 0;
let portal: { server: Server; port: number };
let mode: Mode = 'ok';

async function relay(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const answer = await request(source.port, req.url ?? '/', {
    method: req.method,
    headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
    body: chunks.length ? Buffer.concat(chunks).toString() : undefined,
  });
  res.writeHead(answer.status, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
  res.end(answer.body);
}

function fakeServer(req: IncomingMessage, res: ServerResponse) {
  switch (mode) {
    case 'slow':
      return void setTimeout(() => relay(req, res).catch(() => res.destroy()), 5000).unref();
    case 'hanging':
      return; // never answers; the socket stays open until the test ends
    case '500':
      return void res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
    case 'garbage text':
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('<html>\u0000\u00ff not json');
    case 'garbage JSON':
      // An envelope that says success around data of the wrong shape.
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: '0000', msg: 'ok', data: 'nonsense', result: 42 }));
    default:
      relay(req, res).catch(() => res.destroy());
  }
}

const listenFake = (port: number) =>
  new Promise<void>((resolve, reject) => fake.once('error', reject).listen(port, '127.0.0.1', () => resolve()));

async function setMode(next: Mode) {
  if (mode === 'refusing') await listenFake(fakePort);
  mode = next;
  if (next === 'refusing') {
    // Nothing listens: every new connection is refused, and kept-alive ones are gone.
    fake.closeAllConnections();
    await new Promise((resolve) => fake.close(resolve));
  }
}

before(async () => {
  source = await startTestPortal();
  fake = createServer(fakeServer);
  await listenFake(0);
  fakePort = (fake.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${fakePort}`;
  const app = createApp({
    widgetsDir: 'dist/widgets',
    logLevel: 'silent',
    env: 'test',
    servers: { accountServer: origin, console: origin, portal: origin, kernel: origin, brand: origin },
    // Every kept page and the common data are stale at once, so each request
    // below goes to the back-end behind the answer, as it would 10 s later.
    pageCache: { freshMs: 1 },
    remoteFreshMs: 1,
    // Every visitor of this suite comes from one address.
    searchLimit: 10_000,
  });
  portal = await listen(app);
});

after(() => {
  portal.server.close();
  fake.closeAllConnections();
  fake.close();
  source.close();
});

/** A page as a visitor's browser would ask for it, and how long its answer took. */
async function visit(path: string) {
  const started = performance.now();
  const answer = await request(portal.port, path, { signal: AbortSignal.timeout(10_000) });
  return { ...answer, ms: performance.now() - started };
}

const KEPT = ROUTES.filter(([path]) => !path.startsWith('/searchRes'));
/** Pages nobody asked for while the back-end was well: nothing kept to fall back on. */
const NEVER_SEEN = ['/product/2', '/news/2', '/cases/2', '/searchRes?keyword=MES', '/info/2'];

describe('pages while the back-end fails', () => {
  it('renders every page from the back-end while it is well', async () => {
    for (const [path, , content] of ROUTES) {
      const page = await visit(path);
      assert.equal(page.status, 200, path);
      assert.ok(page.body.includes(content), `${path} shows ${content}`);
    }
  });

  for (const failure of FAILURES) {
    it(`answers every page within 2 s while the back-end is ${failure}`, async () => {
      await setMode(failure);
      try {
        for (const [path, , content] of KEPT) {
          const page = await visit(path);
          assert.ok(page.ms < WITHIN_MS, `${path} took ${Math.round(page.ms)} ms`);
          assert.equal(page.status, 200, `${path}: the last good copy`);
          assert.ok(page.body.includes(content), `${path} still shows ${content}`);
        }
        const unseen = await Promise.all(NEVER_SEEN.map(visit));
        for (const [index, page] of unseen.entries()) {
          const path = NEVER_SEEN[index];
          assert.ok(page.ms < WITHIN_MS, `${path} took ${Math.round(page.ms)} ms`);
          assert.ok([500, 503].includes(page.status), `${path}: an error page, not ${page.status}`);
          assert.doesNotMatch(page.body, /at .*\.(ts|js):\d+|node_modules|\/work\//, `${path} leaks no trace`);
        }
        const api = await visit('/api/common/index');
        assert.ok(api.ms < WITHIN_MS, `the API took ${Math.round(api.ms)} ms`);
      } finally {
        await setMode('ok');
      }
    });
  }

  it('lets a kept page go once it is older than the stale limit (a day by default)', async () => {
    const strict = await listen(
      createApp({
        widgetsDir: 'dist/widgets',
        logLevel: 'silent',
        env: 'test',
        servers: { portal: `http://127.0.0.1:${fakePort}` },
        pageCache: { freshMs: 1, staleIfErrorMs: 0 },
        remoteFreshMs: 0,
      }),
    );
    try {
      assert.equal((await request(strict.port, '/news/1')).status, 200);
      await setMode('500');
      // The stale copy goes out while the page renders again behind it; once that
      // render has failed, the copy is gone and the next visitor gets the error page.
      const statuses: number[] = [];
      const deadline = Date.now() + 5000;
      while (!statuses.includes(500) && Date.now() < deadline) {
        statuses.push((await request(strict.port, '/news/1')).status);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      assert.ok(statuses.includes(500), `answered ${statuses}`);
    } finally {
      await setMode('ok');
      strict.server.close();
    }
  });

  it('renders from the back-end again once it is well', async () => {
    const page = await visit('/product/2');
    assert.equal(page.status, 200);
    assert.match(page.body, /版本与价格/);
  });
});

describe('the servers replaced by settings, in the real server', () => {
  let server: PortalProcess;
  let origin = '';
  before(async () => {
    origin = `http://127.0.0.1:${fakePort}`;
    server = await startPortalProcess(3, {
      env: {
        PORTAL_ENV: 'test',
        SESSION_SECRET: 'a-secret-of-at-least-thirty-two-characters',
        ACCOUNT_SERVER_URL: origin,
        CONSOLE_URL: 'https://console.example.test',
        PORTAL_API_URL: origin,
        KERNEL_API_URL: origin,
        BRAND_API_URL: origin,
      },
      ready: /Portal \(test\) listening/,
    });
  });
  after(() => server?.stop());
  const port = () => Number(new URL(server.url).port);

  it('reads its pages from them and tells the widgets the same addresses', async () => {
    const home = await request(port(), '/');
    assert.equal(home.status, 200);
    assert.match(home.body, /热门产品/);
    assert.match(String(home.headers['content-security-policy']), new RegExp(`connect-src 'self' ${origin}`));
    const script = await request(port(), '/widgets/portal.js');
    const announced = /Symbol\.for\("portal\.env"\)\]=(\{.*?\});/.exec(script.body)?.[1];
    assert.deepEqual(JSON.parse(announced ?? '{}'), {
      name: 'test',
      appId: '9090',
      brand: 'zzy',
      accountServer: origin,
      console: 'https://console.example.test',
      api: { portal: origin, kernel: origin, brand: origin },
    });
  });

  it('answers a page within 2 s by default while they hang', async () => {
    await setMode('hanging');
    try {
      const started = performance.now();
      const page = await request(port(), '/news/3', { signal: AbortSignal.timeout(10_000) });
      assert.ok(performance.now() - started < WITHIN_MS);
      assert.equal(page.status, 503);
      assert.match(page.body, /努力加载/);
      await server.logLine(/back-end unreachable/);
    } finally {
      await setMode('ok');
    }
  });
});
