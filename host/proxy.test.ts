import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createApp } from './app';
import { listen, request } from './test-support/server';

/** Three fake upstreams that say who they are and what they received. */
const upstreams: Record<string, Server> = {};
const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
let portal: { server: Server; port: number };

before(async () => {
  for (const name of ['portal', 'kernel', 'brand', 'account']) {
    upstreams[name] = createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ upstream: name, url: req.url, authorization: req.headers.authorization ?? null }));
    });
    await new Promise<void>((resolve) => upstreams[name]!.listen(0, '127.0.0.1', resolve));
  }
  const app = createApp({
    widgetsDir: 'dist/widgets',
    logLevel: 'silent',
    env: 'test',
    servers: {
      accountServer: originOf(upstreams.account!),
      portal: originOf(upstreams.portal!),
      kernel: originOf(upstreams.kernel!),
      brand: originOf(upstreams.brand!),
    },
  });
  portal = await listen(app);
});
after(() => {
  portal.server.close();
  for (const server of Object.values(upstreams)) server.close();
});

describe('API proxies outside local', () => {
  const cases: Array<[string, string]> = [
    ['/api/common/index', 'portal'],
    ['/api-kernel-portal/api/verify/business', 'kernel'],
    ['/api-zzy-portal/api/contract/check', 'brand'],
    ['/api/guc/token/verify', 'account'],
  ];
  for (const [path, upstream] of cases) {
    it(`sends ${path} to the ${upstream} server, path and token intact`, async () => {
      const res = await request(portal.port, `${path}?x=1`, { headers: { Authorization: 'Bearer zat_abc' } });
      const body = JSON.parse(res.body);
      assert.equal(body.upstream, upstream);
      assert.equal(body.url, `${path}?x=1`);
      assert.equal(body.authorization, 'Bearer zat_abc');
    });
  }

  it('answers 502 in the envelope when the upstream is down', async () => {
    const down = createApp({
      widgetsDir: 'dist/widgets',
      logLevel: 'silent',
      env: 'test',
      servers: {
        accountServer: 'http://127.0.0.1:9',
        portal: 'http://127.0.0.1:9',
        kernel: 'http://127.0.0.1:9',
        brand: 'http://127.0.0.1:9',
      },
    });
    const { server, port } = await listen(down);
    try {
      const res = await request(port, '/api/common/index');
      assert.equal(res.status, 502);
      assert.equal(JSON.parse(res.body).code, 'E0502');
    } finally {
      server.close();
    }
  });
});

describe('API proxy deadlines', () => {
  let slow: Server;
  let portalOfSlow: { server: Server; port: number };
  before(async () => {
    // Answers after 600 ms: past the reads' deadline of 200 ms, within the writes'.
    slow = createServer((req, res) => {
      req.resume();
      setTimeout(() => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"code":"0000"}'), 600);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const origin = originOf(slow);
    portalOfSlow = await listen(
      createApp({
        widgetsDir: 'dist/widgets',
        logLevel: 'silent',
        env: 'test',
        servers: { accountServer: origin, portal: origin, kernel: origin, brand: origin },
        upstreamTimeoutMs: 200,
      }),
    );
  });
  after(() => {
    portalOfSlow.server.close();
    slow.closeAllConnections();
    slow.close();
  });

  it('gives up on a read past the upstream deadline', async () => {
    const res = await request(portalOfSlow.port, '/api/common/index');
    assert.equal(res.status, 502);
  });

  it('lets a write finish past it: cutting it off would hide an order that was placed', async () => {
    const res = await request(portalOfSlow.port, '/api-kernel-portal/api/order/create', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    assert.equal(res.status, 200);
    assert.equal(JSON.parse(res.body).code, '0000');
  });
});
