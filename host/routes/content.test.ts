import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestPortal, type TestPortal } from '../test-support/backend';
import { request } from '../test-support/server';

let portal: TestPortal;
before(async () => {
  portal = await startTestPortal();
});
after(() => portal.close());

const get = (path: string) => request(portal.port, path);
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('content pages', () => {
  const pages: Array<[string, RegExp, RegExp]> = [
    ['/product', /^产品中心 - 智造云$/, /智造云 IoT 设备接入平台/],
    ['/product?categoryId=1', /- 产品中心 - 智造云$/, /aria-current="page">设备物联</],
    ['/product/2', /- 产品中心 - 智造云$/, /版本与价格/],
    ['/product/P2025003', /- 产品中心 - 智造云$/, /立即订购/],
    ['/solution', /^解决方案 - 智造云$/, /锂电池/],
    ['/solution/2', /- 解决方案 - 智造云$/, /行业痛点/],
    ['/cases', /^案例中心 - 智造云$/, /href="\/cases\/\d+"/],
    ['/cases/3', /- 案例中心 - 智造云$/, /<dl class="results">/],
    ['/news', /^新闻中心 - 智造云$/, /href="\/news\/\d+"/],
    ['/news/type/2', /^行业动态 - 新闻中心 - 智造云$/, /aria-current="page">行业动态</],
    ['/news/12', /- 新闻中心 - 智造云$/, /<time dateTime="20\d\d-/i],
  ];
  for (const [path, titlePattern, content] of pages) {
    it(`${path} renders with its own title and real content`, async () => {
      const res = await get(path);
      assert.equal(res.status, 200);
      assert.match(title(res.body) ?? '', titlePattern);
      assert.match(res.body, content);
      assert.match(res.body, /<meta name="description" content="[^"]{10,}"/);
      assert.match(res.body, /<meta property="og:title" content="[^"]+"/);
    });
  }

  it('lists link every page, each with its own canonical address', async () => {
    const first = await get('/product');
    assert.match(first.body, /<a href="\/product\?page=2" rel="next">/);
    const second = await get('/product?page=2');
    assert.match(
      second.body,
      new RegExp(`<link rel="canonical" href="http://127.0.0.1:${portal.port}/product\\?page=2"/>`),
    );
    assert.match(second.body, /rel="prev"/);
  });

  it('marks product pages dark', async () => {
    assert.match((await get('/product/2')).body, /<html lang="zh-CN" data-theme="dark">/);
    assert.match((await get('/solution/2')).body, /data-theme="light"/);
  });

  for (const path of [
    '/product/999999',
    '/product/abc',
    '/product/P0',
    '/product?categoryId=99',
    '/product?page=x',
    '/solution/0',
    '/cases/9999',
    '/cases/1.5',
    '/news/99999',
    '/news/type/77',
    '/news/type/x',
  ]) {
    it(`answers ${path} with the 404 page`, async () => {
      const res = await get(path);
      assert.equal(res.status, 404);
      assert.match(res.body, /This page could not be found/);
    });
  }

  it('sanitises the HTML from the data store before it reaches the page', async () => {
    portal.sqlite
      .prepare('UPDATE news SET content_html = ? WHERE id = 1')
      .run(
        '<p>正文<script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">链接</a><iframe src="//evil"></iframe></p>',
      );
    const res = await get('/news/1');
    assert.equal(res.status, 200);
    assert.match(res.body, /<p>正文<a rel="nofollow noopener">链接<\/a><\/p>/);
    assert.doesNotMatch(res.body, /alert\(|onerror|<iframe/);
  });
});
