import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { type AppOptions, createApp } from './app';
import { startTestPortal, type TestPortal } from './test-support/backend';
import { listen, request } from './test-support/server';

/**
 * A portal outside `local` in front of a fake back-end that relays to a real
 * embedded one after a delay (healthy but loaded), or never answers. A page
 * has one deadline, UPSTREAM_TIMEOUT_MS from when its render begins, for all
 * its calls and its error page; a burst of first views waits its turn in the
 * render queue instead of spending that deadline there.
 */
const TIMEOUT_MS = 1500;
/** The render itself, and a busy machine. */
const MARGIN_MS = 1000;

let source: TestPortal;
let fake: Server;
let origin = '';
let mode: { hang: true } | { delayMs: number } = { delayMs: 0 };
/** Calls the fake has begun and not yet finished or seen cut off. */
let open = 0;

async function relay(req: IncomingMessage, res: ServerResponse) {
  const answer = await request(source.port, req.url ?? '/', { method: req.method });
  if (res.destroyed) return;
  res.writeHead(answer.status, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
  res.end(answer.body);
}

function fakeServer(req: IncomingMessage, res: ServerResponse) {
  open++;
  res.once('close', () => open--);
  if ('hang' in mode) return;
  setTimeout(() => relay(req, res).catch(() => res.destroy()), mode.delayMs).unref();
}

before(async () => {
  source = await startTestPortal();
  fake = createServer(fakeServer);
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});

after(() => {
  fake.closeAllConnections();
  fake.close();
  source.close();
});

/** A portal of its own (nothing kept yet) on the fake back-end. */
async function portal(options: Partial<AppOptions> = {}) {
  const app = createApp({
    widgetsDir: 'dist/widgets',
    logLevel: 'silent',
    env: 'test',
    servers: { accountServer: origin, console: origin, portal: origin, kernel: origin, brand: origin },
    upstreamTimeoutMs: TIMEOUT_MS,
    // Every visitor of this suite comes from one address.
    searchLimit: 10_000,
    renderLimit: 10_000,
    ...options,
  });
  return listen(app);
}

async function visit(port: number, path: string) {
  const started = performance.now();
  const answer = await request(port, path, { signal: AbortSignal.timeout(10_000) });
  return { ...answer, ms: performance.now() - started };
}

/** Asks for the home page until it renders (a busy machine's first render may take its deadline): the common data is then at hand. */
async function warm(port: number) {
  const until = Date.now() + 10_000;
  while ((await visit(port, '/')).status !== 200) assert.ok(Date.now() < until, 'the home page renders');
}

describe('one deadline for the whole page', () => {
  it('answers pages within UPSTREAM_TIMEOUT_MS while the back-end hangs, its error page waiting for nothing more', async () => {
    mode = { hang: true };
    // Nothing was ever answered: no friendly links nor common data at hand either.
    const { server, port } = await portal();
    try {
      // Its first answer also loads what the process had not needed yet: not timed.
      assert.equal((await visit(port, '/no-such-page')).status, 404);
      for (const [path, status] of [
        ['/feedback', 503],
        ['/news/3', 503],
        ['/searchRes?keyword=MES', 503],
        ['/transfer?url=https%3A%2F%2Fwww.miit.gov.cn%2F', 503],
        ['/no-such-page-either', 404],
      ] as const) {
        const page = await visit(port, path);
        assert.ok(page.ms < TIMEOUT_MS + MARGIN_MS, `${path} took ${Math.round(page.ms)} ms`);
        assert.equal(page.status, status, path);
      }
    } finally {
      server.closeAllConnections();
      server.close();
      mode = { delayMs: 0 };
    }
  });

  it('ends every call of the page with it, those made one after another too', async () => {
    const { server, port } = await portal();
    try {
      await warm(port);
      // The topic first, then its products and cases: each call within its own time, not together.
      mode = { delayMs: 0.8 * TIMEOUT_MS };
      const page = await visit(port, '/topic/battery');
      assert.equal(page.status, 503);
      assert.ok(page.ms < TIMEOUT_MS + MARGIN_MS, `took ${Math.round(page.ms)} ms`);
      await sleep(300);
      assert.equal(open, 0, 'no call of the page is still waiting at the back-end');
    } finally {
      server.closeAllConnections();
      server.close();
      mode = { delayMs: 0 };
    }
  });
});

describe('a burst of first views', () => {
  /** Each call of the healthy but loaded back-end. */
  const DELAY_MS = 300;
  const burst = (port: number, count: number, word: string) =>
    Promise.all(Array.from({ length: count }, (_, i) => visit(port, `/searchRes?keyword=${word}${i}`)));

  it('waits its turn in the render queue and is answered, not refused, while the back-end is slow', async () => {
    const { server, port } = await portal({ renderQueue: { concurrency: 1, maxWaiting: 7 } });
    try {
      mode = { delayMs: DELAY_MS };
      await warm(port);
      // Eight renders in turn, each a call of 300 ms: the last answered well after UPSTREAM_TIMEOUT_MS.
      const pages = await burst(port, 8, 'queued');
      assert.deepEqual(
        pages.map((page) => page.status),
        Array(8).fill(200),
      );

      // Past one rendering and seven waiting, the excess is refused at once, and only the excess.
      const more = await burst(port, 11, 'excess');
      const refused = more.filter((page) => page.status === 503);
      const statuses = more.map((page) => page.status).join(' ');
      assert.equal(more.filter((page) => page.status === 200).length, 8, statuses);
      assert.equal(refused.length, 3, statuses);
      for (const page of refused) {
        assert.ok(Number(page.headers['retry-after']) > 0);
        assert.match(page.body, /服务繁忙/);
        assert.ok(page.ms < DELAY_MS, `refused after ${Math.round(page.ms)} ms`);
      }
    } finally {
      server.closeAllConnections();
      server.close();
      mode = { delayMs: 0 };
    }
  });
});
