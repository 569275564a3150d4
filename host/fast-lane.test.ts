import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import express from 'express';
import { startTestPortal, type TestPortal } from './test-support/backend';
import { listen, request } from './test-support/server';

let portal: TestPortal;

/** Express's dispatch of an app, which its types leave out (the old app.ts replaced it). */
type Dispatch = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;
const dispatchOf = (app: object) => app as { handle: Dispatch };

before(async () => {
  portal = await startTestPortal();
});
after(() => portal.close());

/** The paths of the requests that reached Express while `run` ran (a spy on its dispatch, put back after). */
async function reachingExpress(run: () => Promise<unknown>): Promise<string[]> {
  const app = dispatchOf(portal.app);
  const dispatch = app.handle;
  const reached: string[] = [];
  app.handle = (req, res, next) => {
    reached.push(req.url ?? '');
    dispatch.call(app, req, res, next);
  };
  try {
    await run();
  } finally {
    app.handle = dispatch;
  }
  return reached;
}

describe('the fast lane: the node:http listener in front of the app', () => {
  it("leaves Express's own dispatch alone", () => {
    assert.equal(dispatchOf(portal.app).handle, dispatchOf(express.application).handle);
  });

  it('answers a fresh kept page, the probes and the script entries before Express', async () => {
    const first = await request(portal.port, '/product/1');
    assert.equal(first.status, 200);
    let kept = first;
    const reached = await reachingExpress(async () => {
      kept = await request(portal.port, '/product/1');
      assert.equal((await request(portal.port, '/healthz')).status, 200);
      assert.equal((await request(portal.port, '/widgets/portal.js')).status, 200);
      assert.equal((await request(portal.port, '/no-such-page')).status, 404);
    });
    assert.deepEqual(reached, ['/no-such-page']);
    assert.equal(kept.status, 200);
    assert.equal(kept.body, first.body);
    // With the headers the stages gave it the first time, its nonce left out.
    const csp = String(first.headers['content-security-policy']).replace(/ 'nonce-[^']*'/g, '');
    assert.equal(kept.headers['content-security-policy'], csp);
  });

  it('answers each encoding, a HEAD and a 304 with their own headers, however they alternate', async () => {
    const asked = (encoding: string, headers: Record<string, string> = {}, method = 'GET') =>
      request(portal.port, '/news/2', { method, headers: { 'Accept-Encoding': encoding, ...headers } });
    const first = await asked('identity');
    const lengths = new Map<string, string>();
    const reached = await reachingExpress(async () => {
      for (const encoding of ['identity', 'br', 'gzip', 'identity', 'gzip', 'br', 'br']) {
        const answer = await asked(encoding);
        assert.equal(answer.status, 200);
        assert.equal(answer.headers['content-encoding'], encoding === 'identity' ? undefined : encoding);
        assert.equal(answer.headers.etag, first.headers.etag);
        assert.equal(answer.headers.vary, 'Accept-Encoding, User-Agent, Cookie');
        assert.equal(answer.headers['cache-control'], 'no-cache');
        assert.equal(answer.headers['content-security-policy'], first.headers['content-security-policy']);
        // Each encoding's own length, every time it is asked for.
        const length = String(answer.headers['content-length']);
        assert.equal(length, lengths.get(encoding) ?? length, encoding);
        lengths.set(encoding, length);
        if (encoding === 'identity') assert.equal(answer.body, first.body);
      }
      assert.equal(new Set(lengths.values()).size, 3);
      const head = await asked('gzip', {}, 'HEAD');
      assert.equal(head.status, 200);
      assert.equal(head.body, '');
      const unchanged = await asked('gzip', { 'If-None-Match': String(first.headers.etag) });
      assert.equal(unchanged.status, 304);
      assert.equal(unchanged.headers['content-encoding'], undefined);
      assert.equal(unchanged.headers['content-length'], undefined);
      assert.equal((await asked('br')).headers['content-encoding'], 'br', 'after a 304, the page again');
    });
    assert.deepEqual(reached, []);
  });

  it('gives the same answers from the app alone (slower), served without the lane', async () => {
    const { server, port } = await listen(express().use(portal.app));
    try {
      assert.equal((await request(port, '/healthz')).status, 200);
      assert.equal((await request(port, '/widgets/portal.js')).status, 200);
      assert.equal((await request(port, '/product/1')).status, 200);
    } finally {
      server.close();
    }
  });
});
