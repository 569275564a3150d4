import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import express from 'express';
import { createApp } from '../app';
import { startTestPortal, type TestPortal } from '../test-support/backend';
import { listen, request } from '../test-support/server';

/**
 * A portal in a remote environment, reading its content over HTTP from an
 * upstream: the embedded back-end of another test portal, behind a switch that
 * can make the friendly links or the common data fail.
 */
let source: TestPortal;
let upstream: Server;
let portal: Server;
let port: number;
let mode: 'ok' | 'rejected' | 'broken' | 'common-down' = 'ok';
const upstreamCalls: string[] = [];
let upstreamOrigin = '';

before(async () => {
  source = await startTestPortal();
  const fake = express();
  fake.use(async (req, res, next) => {
    upstreamCalls.push(req.path);
    if (req.path === '/api/friendly-link/list' && mode === 'rejected')
      return void res.json({ code: '0001', msg: '服务维护中', status: 200 });
    if (req.path === '/api/friendly-link/list' && mode === 'broken') return void res.socket?.destroy();
    if (req.path === '/api/common/index' && mode === 'common-down') return void res.status(502).send('bad gateway');
    next();
  });
  fake.use(async (req, res) => {
    const answer = await request(source.port, req.originalUrl, { method: req.method });
    res.status(answer.status).type('json').send(answer.body);
  });
  const started = await listen(fake);
  upstream = started.server;
  const origin = `http://127.0.0.1:${started.port}`;
  upstreamOrigin = origin;
  const app = createApp({
    widgetsDir: 'dist/widgets',
    logLevel: 'silent',
    env: 'test',
    // The switch above changes answers between tests: nothing may be kept.
    remoteFreshMs: 0,
    pageCache: false,
    servers: { ...everyServerAt(origin), console: 'https://console.example.test' },
  });
  ({ server: portal, port } = await listen(app));
});
after(() => {
  portal.close();
  upstream.close();
  source.close();
});

const everyServerAt = (origin: string) => ({ accountServer: origin, portal: origin, kernel: origin, brand: origin });
const get = (path: string) => request(port, path);

describe('pages in a remote environment', () => {
  it('renders content read over the portal API', async () => {
    mode = 'ok';
    const product = await get('/product/1');
    assert.equal(product.status, 200);
    assert.match(product.body, /版本与价格/);
    assert.match((await get('/searchRes?keyword=MES')).body, /<mark>MES<\/mark>/);
    assert.match((await get('/topic/battery')).body, /id="problem"/);
    assert.match((await get('/help?id=49')).body, /隐私政策/);
  });

  it('renders the site map and sitemap.xml through the API’s page size', async () => {
    const map = await request(port, '/mapsite');
    assert.equal(map.status, 200);
    assert.match(map.body, /href="\/news\/1"/);
    const xml = await request(port, '/sitemap.xml');
    assert.equal(xml.status, 200);
    assert.match(xml.body, /\/product\/1<\/loc>/);
  });

  it('answers an id the upstream does not know with 404', async () => {
    mode = 'ok';
    assert.equal((await get('/product/99999')).status, 404);
    assert.equal((await get('/info/999')).status, 404);
  });

  it('links certification to the environment’s console', async () => {
    mode = 'ok';
    assert.match((await get('/certification')).body, /href="https:\/\/console.example.test\/company\/enterprise"/);
  });

  it('shows the 500 page when the friendly links answer a code other than 0000', async () => {
    mode = 'rejected';
    const res = await get('/news');
    assert.equal(res.status, 500);
    assert.match(res.body, /Sorry, the server had an error/);
    assert.match(res.body, /抱歉，服务器出错了/);
  });

  it('shows the “working hard to load” page when the friendly links cannot be fetched', async () => {
    mode = 'broken';
    const res = await get('/news');
    assert.equal(res.status, 503);
    assert.equal(res.headers['retry-after'], '30');
    assert.match(res.body, /Working hard to load/);
    assert.match(res.body, /正在努力加载中/);
  });

  it('renders the page without the common data when that fails', async () => {
    mode = 'common-down';
    const res = await get('/news');
    assert.equal(res.status, 200);
    assert.match(res.body, /新闻中心/);
  });
});

describe('common data in a remote environment', () => {
  it('is kept while fresh and fetched again behind the next request', async () => {
    mode = 'ok';
    const app = createApp({
      widgetsDir: 'dist/widgets',
      logLevel: 'silent',
      env: 'test',
      remoteFreshMs: 300,
      pageCache: false,
      servers: everyServerAt(upstreamOrigin),
    });
    const { server, port: own } = await listen(app);
    const linkCalls = () => upstreamCalls.filter((path) => path === '/api/friendly-link/list').length;
    try {
      const before = linkCalls();
      for (let i = 0; i < 3; i++) assert.equal((await request(own, '/news')).status, 200);
      assert.equal(linkCalls() - before, 1);
      await new Promise((resolve) => setTimeout(resolve, 350));
      assert.equal((await request(own, '/news')).status, 200);
      assert.equal(linkCalls() - before, 2);
    } finally {
      server.close();
    }
  });
});
