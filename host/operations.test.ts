import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { issuedVisitor } from '../backend/test-support/chat-visitor';
import { type PortalProcess, startPortalProcess } from '../e2e/portal-process';
import { connectionRefused, request } from './test-support/server';

/** The operator's side of the real server: probes, a graceful stop, metrics. */
const portOf = (server: PortalProcess) => Number(new URL(server.url).port);

describe('health probes', () => {
  let portal: PortalProcess;
  before(async () => {
    portal = await startPortalProcess();
  });
  after(() => portal?.stop());

  it('/healthz: the process answers, never kept', async () => {
    for (const method of ['GET', 'GET', 'HEAD']) {
      const res = await request(portOf(portal), '/healthz', { method });
      assert.equal(res.status, 200);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.match(String(res.headers['content-type']), /^application\/json/);
      if (method === 'GET') assert.deepEqual(JSON.parse(res.body), { status: 'ok' });
    }
  });

  it('keeps an idle connection longer than a proxy in front does (nginx: 60 s)', async () => {
    const res = await request(portOf(portal), '/healthz', { headers: { Connection: 'keep-alive' } });
    assert.equal(res.headers['keep-alive'], 'timeout=65');
  });

  it('/readyz: ready with every check named', async () => {
    const res = await request(portOf(portal), '/readyz');
    assert.equal(res.status, 200);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.deepEqual(JSON.parse(res.body), {
      status: 'ready',
      checks: { accepting: true, database: true, migrations: true, dataFolder: true },
    });
  });

  it('the probes are never limited: many in a row all answer', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, () => request(portOf(portal), '/readyz')));
    assert.deepEqual(new Set(answers.map((res) => res.status)), new Set([200]));
  });

  it('/readyz: 503 once the database file of the data folder is deleted, and no trace', async () => {
    const { rmSync } = await import('node:fs');
    rmSync(join(portal.dataDir, 'portal.sqlite'));
    const res = await request(portOf(portal), '/readyz');
    assert.equal(res.status, 503);
    assert.equal(res.headers['cache-control'], 'no-store');
    const body = JSON.parse(res.body);
    assert.equal(body.status, 'not ready');
    assert.equal(body.checks.dataFolder, false);
    assert.doesNotMatch(res.body, /\bat .*:\d+|node_modules|\/work\//);
    // The process itself still answers.
    assert.equal((await request(portOf(portal), '/healthz')).status, 200);
  });
});

describe('a graceful stop (SIGTERM)', () => {
  it('finishes the request in flight, ends chat streams with a retry hint, refuses new connections, exits 0', async () => {
    const graceMs = 8000;
    const portal = await startPortalProcess(3, { env: { SHUTDOWN_GRACE_MS: String(graceMs) } });
    const port = portOf(portal);
    try {
      // A chat stream, read raw: what comes after the stop is asked for is kept apart.
      const visitor = await issuedVisitor(portal.url);
      let afterStop: string | undefined;
      const stream = await new Promise<import('node:http').IncomingMessage>((resolve, reject) =>
        httpRequest({ host: '127.0.0.1', port, path: '/api/chat/events', headers: { 'X-Chat-Visitor': visitor } })
          .on('response', resolve)
          .on('error', reject)
          .end(),
      );
      assert.equal(stream.statusCode, 200);
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        if (afterStop !== undefined) afterStop += chunk;
      });
      const streamEnded = new Promise<void>((resolve, reject) => {
        stream.once('end', resolve);
        stream.once('error', reject);
      });

      // A feedback post whose headers are in (the server said 100 Continue) and whose body is not.
      const body = JSON.stringify({
        topic: 'product',
        content: '停机时仍在提交的留言。',
        contactName: '张工',
        contact: '13900001111',
      });
      const slow = httpRequest({
        host: '127.0.0.1',
        port,
        path: '/api/feedback',
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Expect: '100-continue',
        },
      });
      const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
        slow.on('response', (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        });
        slow.on('error', reject);
      });
      await new Promise<void>((resolve) => slow.once('continue', resolve));

      // A readiness probe half sent on its own connection: answered after the stop began.
      const probe = connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => probe.once('connect', resolve));
      probe.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      let probeAnswer = '';
      probe.setEncoding('utf8');
      probe.on('data', (chunk: string) => {
        probeAnswer += chunk;
      });
      const probeClosed = new Promise<void>((resolve) => probe.once('close', () => resolve()));

      const started = performance.now();
      afterStop = '';
      const exited = portal.kill('SIGTERM');

      // New connections are refused (looked at until they are, never by a fixed wait).
      while (!(await connectionRefused(port))) {}

      await streamEnded;
      assert.match(afterStop, /^retry: \d+$/m, `the stream's last words: ${JSON.stringify(afterStop)}`);

      probe.write('\r\n');
      await probeClosed;
      assert.match(probeAnswer, /^HTTP\/1\.1 503 /);
      assert.match(probeAnswer, /"accepting":false/);

      slow.end(body);
      const result = await answered;
      assert.equal(result.status, 200, result.text);
      assert.equal(JSON.parse(result.text).code, '0000');

      assert.equal(await exited, 0);
      assert.ok(performance.now() - started < graceMs, `stopped in ${Math.round(performance.now() - started)} ms`);
      assert.match(portal.output(), /Stopping \(SIGTERM\)[^\n]*\n[\s\S]*Stopped/);
    } finally {
      await portal.stop();
    }
  });
});

describe('a stop past its grace', () => {
  it('cuts a request still open after SHUTDOWN_GRACE_MS and exits 0', async () => {
    const graceMs = 300;
    const portal = await startPortalProcess(3, { env: { SHUTDOWN_GRACE_MS: String(graceMs) } });
    try {
      // A post whose body never comes.
      const stuck = httpRequest({
        host: '127.0.0.1',
        port: portOf(portal),
        path: '/api/feedback',
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': '100', Expect: '100-continue' },
      });
      const cut = new Promise<string>((resolve) => {
        stuck.on('error', (error: NodeJS.ErrnoException) => resolve(String(error.code)));
        stuck.on('response', (res) => resolve(`answered ${res.statusCode}`));
      });
      await new Promise<void>((resolve) => stuck.once('continue', resolve));
      const started = performance.now();
      assert.equal(await portal.kill('SIGTERM'), 0);
      const took = performance.now() - started;
      assert.equal(await cut, 'ECONNRESET');
      assert.ok(took >= graceMs, `cut after ${Math.round(took)} ms, before the grace`);
      assert.match(portal.output(), /requests still open after 300 ms were cut/);
    } finally {
      await portal.stop();
    }
  });
});

/** Prometheus text as `name{labels} value` lines. */
const samples = (text: string) => text.split('\n').filter((line) => line && !line.startsWith('#'));
const routeLabels = (text: string) =>
  new Set(
    samples(text)
      .filter((line) => line.startsWith('portal_http_requests_total{'))
      .map((line) => /route="([^"]*)"/.exec(line)?.[1]),
  );

describe('metrics', () => {
  let portal: PortalProcess;
  let metricsPort = 0;
  before(async () => {
    portal = await startPortalProcess(3, { env: { METRICS_PORT: '0' } });
    metricsPort = Number(/Metrics listening on http:\/\/localhost:(\d+)\/metrics/.exec(portal.output())?.[1]);
  });
  after(() => portal?.stop());
  const scrape = async () => {
    const res = await request(metricsPort, '/metrics');
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('are on their own port only: the public port has no /metrics', async () => {
    assert.ok(metricsPort > 0, portal.output());
    const pub = await request(portOf(portal), '/metrics');
    assert.equal(pub.status, 404);
    assert.doesNotMatch(pub.body, /portal_http_requests_total/);
  });

  it('count requests by route template and status, latency, kept pages, open chat streams, upstream errors', async () => {
    const port = portOf(portal);
    for (const path of ['/product/1', '/product/2', '/', '/', '/news/1']) await request(port, path);
    const visitor = await issuedVisitor(portal.url);
    const stream = await new Promise<import('node:http').ClientRequest>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        path: '/api/chat/events',
        headers: { 'X-Chat-Visitor': visitor },
      });
      req.on('response', () => resolve(req)).on('error', () => {});
      req.end();
    });
    try {
      const text = await scrape();
      assert.match(text, /^portal_http_requests_total\{method="GET",route="\/product\/:key",status="200"\} 2$/m);
      assert.match(
        text,
        /^portal_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/product\/:key"\} \d+$/m,
      );
      assert.match(text, /^portal_page_cache_requests_total\{result="hit"\} [1-9]\d*$/m);
      assert.match(text, /^portal_page_cache_requests_total\{result="miss"\} [1-9]\d*$/m);
      assert.match(text, /^portal_chat_streams_open 1$/m);
      assert.match(text, /^portal_chat_streams_refused_total\{reason="address"\} 0$/m);
      assert.match(text, /^portal_upstream_errors_total\{kind="unreachable"\} 0$/m);
      assert.match(text, /^portal_process_cpu_seconds_total /m);
    } finally {
      stream.destroy();
    }
  });

  it('junk addresses add no label values', async () => {
    const port = portOf(portal);
    const junk = (n: number) =>
      Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          request(
            port,
            [`/junk-${n}-${i}`, `/media/junk-${n}-${i}.png`, `/PRODUCT/${n}${i}x`, `/api/no-${n}-${i}`][i % 4] ?? '/',
          ),
        ),
      );
    await junk(1);
    const before = routeLabels(await scrape());
    await junk(2);
    const text = await scrape();
    assert.deepEqual(routeLabels(text), before);
    assert.doesNotMatch(text, /junk|no-2/);
    assert.ok(before.size < 40, `routes: ${[...before].join(' ')}`);
  });
});
