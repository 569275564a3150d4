import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { RefusedAddresses } from './refused-addresses';

/**
 * An address already refused is answered its 429 only after a hold: a flood that
 * asks again as soon as it is answered slows itself down, instead of keeping the
 * server busy with refusals while other visitors wait.
 */
const HOLD_MS = 300;
const refused = new RefusedAddresses(() => '127.0.0.1', HOLD_MS);
let server: Server;
let port: number;

before(async () => {
  // As a limiter refusing its request leaves it: the address's key and when its count starts again.
  const refusal = { rateLimit: { key: ipKeyGenerator('127.0.0.1'), resetTime: new Date(Date.now() + 60_000) } };
  refused.remember(refusal as unknown as Request, 'pages');
  server = createServer((req, res) => {
    if (!refused.answer(req, res)) res.end('answered');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
after(() => server.close());

function get(path: string) {
  const started = performance.now();
  return new Promise<{ status: number; retryAfter: string | undefined; ms: number }>((resolve, reject) => {
    request({ port, path, host: '127.0.0.1' }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: res.headers['retry-after'],
          ms: performance.now() - started,
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

const holding = async (count: number) => {
  for (let tries = 0; refused.holding !== count && tries < 200; tries++) await new Promise((r) => setTimeout(r, 10));
  return refused.holding;
};

describe('refusals held', () => {
  it('answers a refused address its 429 only after the hold', async () => {
    const answer = await get('/no-such-page');
    assert.equal(answer.status, 429);
    assert.ok(Number(answer.retryAfter) > 0);
    assert.ok(answer.ms >= HOLD_MS - 5, `answered after ${answer.ms.toFixed(0)} ms`);
    assert.equal(await holding(0), 0);
  });

  it('never holds what is not in a refused scope (files, other API calls)', async () => {
    const answer = await get('/portal.js');
    assert.equal(answer.status, 200);
  });

  it('lets a caller that leaves during the hold go, with nothing written and nothing left held', async () => {
    const leaving = request({ port, path: '/another-page', host: '127.0.0.1' });
    leaving.on('error', () => {});
    leaving.end();
    assert.equal(await holding(1), 1);
    leaving.destroy();
    assert.equal(await holding(0), 0);
  });
});
