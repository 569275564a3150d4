import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createApp } from '../app';
import { UpstreamFailure } from '../data/upstream';
import { startTestPortal, type TestPortal } from '../test-support/backend';
import { listen, request } from '../test-support/server';

/**
 * SPEC §8: friendly links that cannot be fetched give the error page "302" with
 * 'working hard to load...'. The page says 302 as the spec does; the answer is a
 * 503 with Retry-After, since a 302 without a Location is no redirect.
 */
let source: TestPortal;
let portal: Server;
let port: number;

before(async () => {
  source = await startTestPortal();
  const { sources } = source.backend;
  const unreachable = () => Promise.reject(new UpstreamFailure('unreachable', 'friendly links: connection refused'));
  ({ server: portal, port } = await listen(
    createApp({
      widgetsDir: 'dist/widgets',
      logLevel: 'silent',
      env: 'local',
      pageCache: false,
      backend: { routes: [], sources: { ...sources, siteData: { ...sources.siteData, friendlyLinks: unreachable } } },
    }),
  ));
});
after(() => {
  portal.close();
  source.close();
});

const text = (html: string, className: string) =>
  new RegExp(`<p class="${className}"[^>]*>([^<]*)</p>`).exec(html)?.[1]?.trim();

describe('the “working hard to load” page', () => {
  for (const path of ['/news', '/', '/product/1']) {
    it(`${path}: reads 302 and the spec's words, sent as 503 with Retry-After`, async () => {
      const res = await request(port, path);
      assert.equal(res.status, 503);
      assert.equal(res.headers['retry-after'], '30');
      assert.equal(res.headers.location, undefined);
      assert.equal(text(res.body, 'error-status'), '302');
      assert.match(res.body, /<h1>正在努力加载中\.\.\.<\/h1>/);
      assert.match(res.body, /<p lang="en">Working hard to load\.\.\.<\/p>/);
      assert.match(res.body, /使用最新版 Chrome 浏览器/);
      assert.match(res.body, /<title>302 - /);
      assert.match(res.body, /href="\/home"/);
    });
  }
});
