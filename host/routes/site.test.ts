import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { mediaUrl } from '../media';
import { startTestPortal, type TestPortal } from '../test-support/backend';
import { request } from '../test-support/server';

let portal: TestPortal;
before(async () => {
  portal = await startTestPortal({ feedbackLimit: 3 });
});
after(() => portal.close());

const get = (path: string) => request(portal.port, path);
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const form = (fields: Record<string, string>, headers: Record<string, string> = {}, on = portal) =>
  request(on.port, '/feedback', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

describe('site pages', () => {
  it('show the logo, badges and covers at their versioned (immutable) addresses', async () => {
    const { body } = await get('/');
    const state = /<script type="application\/json" id="portal-state">([^<]*)<\/script>/.exec(body)?.[1] ?? '';
    for (const path of ['/media/logo.svg', '/media/cover/product/1.svg'])
      assert.ok(body.includes(`src="${mediaUrl(path)}"`), path);
    for (const path of ['/media/logo.svg', '/media/badge/wechat.svg', '/media/badge/service.svg'])
      assert.ok(state.includes(`"${mediaUrl(path)}"`), `${path} in the page's state`);
    assert.doesNotMatch(body, /src="\/media\/[^"?]+"/);
  });

  it('give the topic header and chat cards versioned images too', async () => {
    const topic = (await get('/topic/battery')).body;
    assert.ok(topic.includes(`logo="${mediaUrl('/media/logo.svg')}"`), 'the topic header is told its logo');
    assert.doesNotMatch(topic, /src="\/media\/[^"?]+"/);
    const card = (await get('/meiqia/card?type=1&associationNo=P2025001')).body;
    assert.match(card, /\/media\/cover\/product\/\d+\.svg\?v=[0-9a-f]{10}/);
    assert.doesNotMatch(card, /"\/media\/[^"?]+"/);
  });

  const pages: Array<[string, RegExp, RegExp]> = [
    [
      '/',
      /工业数字化转型服务商$/,
      /热门产品[\s\S]*href="\/product\/\d+"[\s\S]*客户案例[\s\S]*href="\/partners#youshi"/,
    ],
    ['/en', /^Zhizaoyun/, /<html lang="en"[\s\S]*What we do/],
    ['/innovation-practice', /^数字化工厂工程师实训 - 创新实训/, /培养阶段/],
    ['/innovation-practice/2/1', /^设备智能运维实训 - 创新实训/, /课程设置/],
    ['/innovation-practice/3/2', /^工业 AI 创新应用 - 创新实训/, /成果：/],
    ['/innovation-practice/bak_id', /^实训项目总览/, /href="\/innovation-practice\/4\/2"/],
    ['/innovation-practice/collaborative-innovation', /^协同创新/, /成果：/],
    ['/innovation-practice/gswe-factory', /^实训工厂/, /id="facilities-\d+"/],
    ['/partners', /^生态合作/, /id="youshi"[\s\S]*id="tixi"[\s\S]*id="quanyi"[\s\S]*id="liucheng"/],
    ['/about', /^关于我们/, /id="intro"[\s\S]*id="culture"[\s\S]*id="history"[\s\S]*id="contact"/],
    ['/help?id=49', /^隐私政策 - 帮助中心/, /aria-current="page">隐私政策</],
    ['/help', /- 帮助中心 - 智造云$/, /账号与登录/],
    ['/info', /^信息公开/, /href="\/info\/\d+"/],
    ['/info/1', /- 信息公开 - 智造云$/, /<time datetime="20/i],
    ['/mapsite', /^网站地图/, /href="\/product\/1"[\s\S]*href="\/news\/1"/],
    ['/certification', /^企业认证/, /href="http:\/\/127\.0\.0\.1:\d+\/company\/enterprise"/],
    ['/feedback', /^意见反馈/, /<form [^>]*method="post" action="\/feedback"/],
    ['/waic', /世界人工智能大会/, /展区亮点/],
    ['/wj', /^客户满意度调查/, /href="\/feedback\?topic=survey"/],
    ['/propaganda-film', /^宣传片/, /href="\/propaganda-film\/2026\/brand-2026"/],
    ['/propaganda-film/2024', /^2024 年宣传片/, /一颗电芯的数字档案/],
    ['/propaganda-film/2025/brand-2025', /^连接 · 洞察 · 进化 - 宣传片/, /<figure class="film">/],
    ['/meiqia/card?type=1&associationNo=P2025001', /咨询卡片/, /href="\/product\/P2025001"/],
    ['/meiqia/card?type=2&associationNo=S2025001', /咨询卡片/, /href="\/solution\/S2025001"/],
    [
      '/topic/battery',
      /^锂电池智能制造专题/,
      /id="solution"[\s\S]*id="product"[\s\S]*id="customer"[\s\S]*id="feature"[\s\S]*id="case"[\s\S]*id="problem"/,
    ],
    ['/searchRes?keyword=MES', /^“MES”的搜索结果/, /<mark>MES<\/mark>/],
  ];
  for (const [path, titlePattern, content] of pages) {
    it(`${path} renders with its own title and real content`, async () => {
      const res = await get(path);
      assert.equal(res.status, 200, res.body.slice(0, 300));
      assert.match(title(res.body) ?? '', titlePattern);
      assert.match(res.body, content);
      assert.match(res.body, /<meta name="description" content="[^"]{10,}"/);
    });
  }

  for (const path of [
    '/innovation-practice/99',
    '/innovation-practice/1/2',
    '/innovation-practice/x',
    '/info/999',
    '/info/-1',
    '/propaganda-film/1999',
    '/propaganda-film/2025/nope',
    '/propaganda-film/2025/BAD%20NAME',
    '/topic/none',
    '/topic/x%20y',
    '/help?id=9999',
    '/help?id=abc',
    '/meiqia/card?type=3&associationNo=P2025001',
    '/meiqia/card?type=1&associationNo=P9999999',
    '/searchRes?keyword=a&type=people',
    '/searchRes?keyword=MES&type=news&page=99',
  ]) {
    it(`answers ${path} with the 404 page`, async () => {
      const res = await get(path);
      assert.equal(res.status, 404);
      assert.match(res.body, /This page could not be found/);
    });
  }

  it('keeps every page under 60 KB of gzip HTML', async () => {
    const sizes: Array<[string, number]> = [];
    for (const path of [
      ...pages.map(([p]) => p),
      '/product',
      '/product/1',
      '/news',
      '/news/1',
      '/searchRes?keyword=%E4%BA%91',
    ])
      sizes.push([path, gzipSync((await get(path)).body).length]);
    const over = sizes.filter(([, size]) => size > 60 * 1024);
    assert.deepEqual(over, []);
    // The measure measures: a page is never empty.
    assert.ok(sizes.every(([, size]) => size > 2000));
  });

  it('shows the topic page in the topic layout with its hotline', async () => {
    const { body } = await get('/topic/battery');
    assert.match(body, /<portal-topic-header[^>]*phone="400-/);
    assert.doesNotMatch(body, /<portal-header/);
  });

  it('plays a film with its poster and captions', async () => {
    const { body } = await get('/propaganda-film/2025/brand-2025');
    assert.match(body, /<video controls(="")? preload="none" poster="\/media\/cover\/film\/brand-2025.svg\?v=/);
    assert.ok(body.includes(`poster="${mediaUrl('/media/cover/film/brand-2025.svg')}"`));
    assert.match(body, /<source src="\/media\/films\/brand-2025.webm" type="video\/webm"\/>/);
    assert.match(body, /<track kind="captions" src="\/media\/films\/brand-2025.vtt" srclang="zh-CN"/i);
    const video = await get('/media/films/brand-2025.webm');
    assert.equal(video.status, 200);
    assert.match(video.headers['content-type'] ?? '', /video\/webm/);
    assert.match((await get('/media/films/brand-2025.vtt')).body, /^WEBVTT[\s\S]*连接 · 洞察 · 进化/);
  });

  it('keeps the chat card page free of chrome', async () => {
    const { body } = await get('/meiqia/card?type=1&associationNo=P2025001');
    assert.doesNotMatch(body, /<portal-header|<portal-footer/);
  });
});

describe('site map and crawlers', () => {
  it('lists every product and news item in sitemap.xml, with absolute addresses', async () => {
    const res = await get('/sitemap.xml');
    assert.equal(res.status, 200);
    assert.match(res.headers['content-type'] ?? '', /application\/xml/);
    const products = portal.sqlite.prepare('SELECT id FROM products').all() as Array<{ id: number }>;
    for (const { id } of products)
      assert.ok(res.body.includes(`<loc>http://127.0.0.1:${portal.port}/product/${id}</loc>`), `product ${id}`);
    assert.match(res.body, /<loc>[^<]+\/news\/1<\/loc><lastmod>20\d\d-\d\d-\d\d<\/lastmod>/);
    assert.doesNotMatch(res.body, /#/);
  });

  it('points crawlers at the sitemap and away from orders', async () => {
    const { body } = await get('/robots.txt');
    assert.match(body, new RegExp(`Sitemap: http://127.0.0.1:${portal.port}/sitemap.xml`));
    assert.match(body, /Disallow: \/order/);
  });

  it('lets crawlers read the noindex of search results and the exit page', async () => {
    const { body } = await get('/robots.txt');
    const disallowed = [...body.matchAll(/^Disallow: (\S+)/gm)].map((match) => match[1]!);
    for (const path of ['/searchRes?keyword=MES', `/transfer?url=${encodeURIComponent('https://www.miit.gov.cn/')}`]) {
      assert.ok(!disallowed.some((prefix) => path.startsWith(prefix)), `${path} is open to crawlers`);
      assert.match((await get(path)).body, /<meta name="robots" content="noindex/, path);
    }
  });

  it('names both home pages in each, and the Chinese one as x-default', async () => {
    const origin = `http://127.0.0.1:${portal.port}`;
    for (const path of ['/', '/en']) {
      const { body } = await get(path);
      const alternates = [...body.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi)].map(
        (match) => `${match[1]} ${match[2]}`,
      );
      assert.deepEqual(alternates.sort(), [`en ${origin}/en`, `x-default ${origin}/`, `zh-CN ${origin}/`], path);
    }
  });
});

describe('/transfer', () => {
  it('continues to a listed friendly link only', async () => {
    const ok = await get(`/transfer?url=${encodeURIComponent('https://www.miit.gov.cn/zwgk/')}`);
    assert.equal(ok.status, 200);
    assert.match(ok.body, /<a [^>]*href="https:\/\/www.miit.gov.cn\/zwgk\/" rel="noopener noreferrer nofollow"/);
    for (const target of [
      'https://evil.example/',
      'javascript:alert(1)',
      'https://www.miit.gov.cn.evil.example/',
      'http://www.miit.gov.cn/zwgk/',
      'https:\\\\evil.example',
      '/\\evil.example',
      'https://user:pw@www.miit.gov.cn/',
      '//www.miit.gov.cn/',
      'data:text/html,hi',
      '',
    ]) {
      const res = await get(`/transfer?url=${encodeURIComponent(target)}`);
      assert.equal(res.status, 400, target);
      assert.match(res.body, /该链接无法打开/);
      assert.doesNotMatch(res.body, /继续访问/);
    }
  });

  it('lets the visitor go on to the console', async () => {
    const consoleUrl = `http://127.0.0.1:${portal.port + 1}/welcome`;
    assert.equal((await get(`/transfer?url=${encodeURIComponent(consoleUrl)}`)).status, 200);
  });
});

describe('site search page', () => {
  it('shows the query escaped, never as markup', async () => {
    const keyword = '<img src=x onerror=alert(1)>"\'';
    const { status, body } = await get(`/searchRes?keyword=${encodeURIComponent(keyword)}`);
    assert.equal(status, 200);
    assert.doesNotMatch(body, /<img src=x/);
    assert.ok(body.includes("<strong>&lt;img src=x onerror=alert(1)>&quot;'</strong>"));
  });

  it('groups results by type with counts and links to each type', async () => {
    const { body } = await get('/searchRes?keyword=%E8%AE%BE%E5%A4%87');
    for (const heading of ['产品', '解决方案', '案例', '新闻'])
      assert.match(body, new RegExp(`<h2 id="group-[a-z]+">${heading}`));
    assert.match(body, /href="\/searchRes\?keyword=%E8%AE%BE%E5%A4%87&amp;type=news"/);
  });

  it('pages one type', async () => {
    const first = await get('/searchRes?keyword=%E4%BA%91&type=news');
    const second = await get('/searchRes?keyword=%E4%BA%91&type=news&page=2');
    assert.equal(second.status, 200);
    const links = (html: string) => [...html.matchAll(/<li><a href="(\/news\/\d+)"/g)].map((m) => m[1]);
    assert.equal(links(first.body).length, 10);
    assert.ok(links(second.body).length > 0);
    assert.equal(links(first.body).filter((link) => links(second.body).includes(link)).length, 0);
  });

  it('offers suggestions when nothing matches', async () => {
    const { body } = await get(`/searchRes?keyword=${encodeURIComponent('量子纠缠咖啡机')}`);
    assert.match(body, /没有找到与“<strong>量子纠缠咖啡机<\/strong>”相关的内容/);
    assert.match(body, /热门搜索/);
  });

  it('answers the search API in the envelope, and rejects bad input', async () => {
    const ok = JSON.parse((await get('/api/search?keyword=MES&type=product&pageSize=2')).body);
    assert.equal(ok.code, '0000');
    assert.equal(ok.result.groups.length, 1);
    assert.ok(ok.result.groups[0].hits.length <= 2);
    const bad = await get('/api/search?keyword=MES&type=people');
    assert.equal(bad.status, 400);
    assert.match(JSON.parse(bad.body).msg, /搜索类型不正确/);
  });
});

describe('/feedback', () => {
  const valid = {
    topic: 'website',
    content: '搜索结果页在手机上显示不全，希望优化。',
    contactName: '王工',
    contact: '13800001234',
  };
  const stored = () =>
    portal.sqlite.prepare('SELECT topic, content, contact_name AS contactName, contact FROM feedback').all();

  it('stores an entry and confirms after a redirect', async () => {
    const res = await form(valid);
    assert.equal(res.status, 303);
    assert.equal(res.headers.location, '/feedback?sent=1');
    assert.deepEqual(stored().at(-1), valid);
    assert.match((await get('/feedback?sent=1')).body, /感谢您的反馈，我们已收到/);
  });

  it('answers each invalid field with its error and keeps every value', async () => {
    const before = stored().length;
    const res = await form({ topic: 'nonsense', content: '太短', contactName: '', contact: 'not-a-phone' });
    assert.equal(res.status, 400);
    assert.match(res.body, /请选择反馈类型/);
    assert.match(res.body, /反馈内容至少 10 个字/);
    assert.match(res.body, /请填写联系人/);
    assert.match(res.body, /请填写正确的手机号或邮箱/);
    assert.match(res.body, />太短<\/textarea>/);
    assert.match(res.body, /value="not-a-phone"/);
    assert.match(res.body, /aria-invalid="true"/);
    assert.equal(stored().length, before);
  });

  it('refuses a post from a page on another origin, stores nothing, and takes its own origin’s', async () => {
    const before = stored().length;
    for (const origin of ['http://evil.example', 'null', '']) {
      const refused = await form(valid, { Origin: origin });
      assert.equal(refused.status, 403, origin);
      assert.match(refused.body, /请在本站的意见反馈页提交/);
      assert.match(refused.body, /搜索结果页在手机上显示不全/, 'the values come back');
    }
    assert.equal(stored().length, before);
    assert.equal((await form(valid, { Origin: portal.origin })).status, 303);
  });

  it('counts only stored entries: a visitor’s mistakes do not use the allowance up', async () => {
    // Two of the three are used by the tests above.
    for (let i = 0; i < 4; i++) assert.equal((await form({ ...valid, contact: 'not-a-phone' })).status, 400);
    assert.equal((await form(valid)).status, 303);
  });

  it('limits entries per address', async () => {
    // The limit is 3 in this portal; earlier tests used some of it.
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await form(valid)).status);
    assert.ok(answers.includes(429), answers.join(','));
    const limited = await form(valid);
    assert.equal(limited.status, 429);
    assert.match(limited.body, /提交过于频繁/);
    assert.match(limited.body, /搜索结果页在手机上显示不全/, 'what was typed comes back');
  });
});

describe('POST /api/feedback', () => {
  // A portal of its own: the form's posts above count against the same allowance.
  let apiPortal: TestPortal;
  before(async () => {
    apiPortal = await startTestPortal({ feedbackLimit: 3 });
  });
  after(() => apiPortal.close());
  const post = (body: unknown, on = apiPortal, headers: Record<string, string> = {}) =>
    request(on.port, '/api/feedback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const entry = {
    topic: 'service',
    content: '设备告警短信延迟较大，请协助排查。',
    contactName: '赵工',
    contact: 'zhao@example.com',
  };

  it('stores a valid entry and names every bad field in Chinese', async () => {
    const ok = await post(entry);
    assert.equal(ok.status, 200);
    assert.equal(JSON.parse(ok.body).code, '0000');
    const bad = await post({ ...entry, content: '短', contact: '12' });
    assert.equal(bad.status, 400);
    assert.match(JSON.parse(bad.body).msg, /反馈内容至少 10 个字；请填写正确的手机号或邮箱/);
  });

  it('refuses a page on another origin, as the form does, and counts no refused entry', async () => {
    const count = () => Number(apiPortal.sqlite.prepare('SELECT count(*) AS n FROM feedback').pluck().get());
    const before = count();
    for (const origin of ['https://evil.example', 'null', '']) {
      const refused = await post(entry, apiPortal, { Origin: origin });
      assert.equal(refused.status, 403, origin);
      assert.equal(JSON.parse(refused.body).code, 'E0403');
    }
    // Refused and malformed entries take nothing of the allowance (three here).
    for (let i = 0; i < 4; i++) assert.equal((await post({ ...entry, contact: '12' })).status, 400);
    assert.equal(count(), before);
    assert.equal((await post(entry, apiPortal, { Origin: apiPortal.origin })).status, 200);
  });

  it('limits entries per address, in the envelope', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(entry)).status);
    assert.ok(statuses.includes(429), statuses.join(','));
    const limited = JSON.parse((await post(entry)).body);
    assert.deepEqual([limited.code, limited.status], ['E0429', 429]);
  });

  it('shares one allowance with the form: they are two doors to one store', async () => {
    const shared = await startTestPortal({ feedbackLimit: 3 });
    try {
      const valid = {
        topic: 'website',
        content: '搜索结果页在手机上显示不全。',
        contactName: '王工',
        contact: '13800001234',
      };
      assert.equal((await form(valid, {}, shared)).status, 303);
      assert.equal((await post(entry, shared)).status, 200);
      assert.equal((await form(valid, {}, shared)).status, 303);
      assert.equal((await post(entry, shared)).status, 429, 'the API after three entries in all');
      assert.equal((await form(valid, {}, shared)).status, 429, 'and the form');
    } finally {
      await shared.close();
    }
  });
});
