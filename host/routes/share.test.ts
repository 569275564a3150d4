import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { crc32, inflateSync } from 'node:zlib';
import express from 'express';
import { SaxesParser } from 'saxes';
import { ensureShareCardFont } from '../../build/share-card-font';
import { mediaRoutes } from '../media';
import { cspHash, headScript, printCss } from '../pages/assets';
import { NOTICE_SCRIPT } from '../pages/cookie-notice';
import { shareImage } from '../share-cards/cards';
import { shareCardRoutes } from '../share-cards/routes';
import { startTestPortal, type TestPortal } from '../test-support/backend';
import { ROUTES } from '../test-support/routes';
import { listen, request } from '../test-support/server';

/** What a crawler and a share card get: Open Graph pictures, JSON-LD, the news feed, the print sheet. */

let portal: TestPortal;
before(async () => {
  // The cards' font, as the build cuts it (this file may run before any build).
  await ensureShareCardFont();
  // Nothing kept: one test changes the content under the pages.
  portal = await startTestPortal({ pageCache: false });
});
after(() => portal.close());

const get = (path: string, headers: Record<string, string> = {}) => request(portal.port, path, { headers });

const decode = (html: string) =>
  html.replace(/&(#x[\da-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, code: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
    return named[code.toLowerCase()] ?? '';
  });

const meta = (html: string, key: string) =>
  [
    ...html.matchAll(new RegExp(`<meta (?:property|name)="${key.replace(/[.+]/g, '\\$&')}" content="([^"]*)"/>`, 'g')),
  ].map((m) => decode(m[1] ?? ''));

/** Every JSON-LD block of a page, parsed (a block that does not parse fails the test). */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown> & { '@type': string },
  );
const ofType = (html: string, type: string) => jsonLd(html).filter((data) => data['@type'] === type);
/** The page's one JSON-LD block of a type. */
function single(html: string, type: string): Record<string, unknown> {
  const found = ofType(html, type);
  assert.equal(found.length, 1, `one ${type}`);
  return found[0] as Record<string, unknown>;
}

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** A strict XML 1.0 parse (saxes): anything not well-formed throws. */
function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const open: XmlElement[] = [root];
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.name,
      attributes: Object.fromEntries(Object.entries(tag.attributes).map(([name, a]) => [name, a.value])),
      children: [],
      text: '',
    };
    open.at(-1)?.children.push(element);
    open.push(element);
  });
  parser.on('text', (text) => {
    const current = open.at(-1);
    if (current) current.text += text;
  });
  parser.on('closetag', () => void open.pop());
  parser.write(xml).close();
  return root;
}
const child = (element: XmlElement | undefined, name: string) => element?.children.find((c) => c.name === name);
const children = (element: XmlElement | undefined, name: string) =>
  element?.children.filter((c) => c.name === name) ?? [];

const canonical = (html: string) => {
  const href = /<link rel="canonical" href="([^"]*)"\/>/.exec(html)?.[1];
  return href === undefined ? undefined : decode(href);
};

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bytes per pixel of each PNG colour type at 8 bits: grey, RGB, palette, grey and alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * A PNG taken apart: every chunk's checksum, the size its IHDR states, and its
 * pixel rows inflated, which must be exactly that size (a filter byte a row).
 */
function readPng(bytes: Buffer, name: string) {
  assert.ok(bytes.subarray(0, 8).equals(PNG), `${name} is a PNG`);
  const chunks: Array<{ type: string; data: Buffer }> = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    assert.equal(bytes.readUInt32BE(at + 8 + length), crc32(data, crc32(type)), `${name}: ${type} checksum`);
    chunks.push({ type, data });
    at += 12 + length;
  }
  const header = chunks[0];
  assert.equal(header?.type, 'IHDR', `${name} starts with its header`);
  assert.equal(chunks.at(-1)?.type, 'IEND', `${name} ends`);
  const [width, height, depth, colour] = [
    header.data.readUInt32BE(0),
    header.data.readUInt32BE(4),
    header.data[8],
    header.data[9] ?? -1,
  ];
  assert.equal(depth, 8, `${name}: 8 bits a channel`);
  const rows = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  assert.equal(rows.length, height * (1 + width * (CHANNELS[colour] ?? 0)), `${name}: its rows fill its size`);
  return { width, height, rows, pixels: () => unfilter(rows, width, height, CHANNELS[colour] ?? 0) };
}

/** A PNG's pixel rows without their filters (PNG 1.2 §6): the channels of each pixel, row after row. */
function unfilter(rows: Buffer, width: number, height: number, channels: number): Buffer {
  const stride = width * channels;
  const out = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = rows[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const raw = rows[y * (stride + 1) + 1 + i] ?? 0;
      const a = i >= channels ? (out[y * stride + i - channels] ?? 0) : 0;
      const b = y > 0 ? (out[(y - 1) * stride + i] ?? 0) : 0;
      const c = i >= channels && y > 0 ? (out[(y - 1) * stride + i - channels] ?? 0) : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      const predicted = [0, a, b, (a + b) >> 1, paeth][filter ?? 0] ?? 0;
      out[y * stride + i] = (raw + predicted) & 0xff;
    }
  }
  return out;
}

/** Fetches a picture as a crawler would and checks it is a PNG of the stated size. */
async function assertPng(url: string, width: number, height: number) {
  const res = await fetch(url);
  assert.equal(res.status, 200, url);
  assert.equal(res.headers.get('content-type'), 'image/png', url);
  assert.match(res.headers.get('cache-control') ?? '', /immutable/, `${url} is versioned`);
  const png = readPng(Buffer.from(await res.arrayBuffer()), url);
  assert.deepEqual([png.width, png.height], [width, height], `${url} size`);
  return png;
}

describe('share cards', () => {
  const kinds: Array<[path: string, picture: RegExp]> = [
    ['/', /\/media\/share\/site\.png\?v=[0-9a-f]{10}$/],
    ['/about', /\/media\/share\/site\.png\?v=[0-9a-f]{10}$/],
    ['/en', /\/media\/share\/site\.png\?v=[0-9a-f]{10}$/],
    ['/product/1', /\/media\/share\/product\/1\.png\?v=[0-9a-f]{10}$/],
    ['/product/P2025003', /\/media\/share\/product\/3\.png\?v=[0-9a-f]{10}$/],
    ['/solution/2', /\/media\/share\/solution\/2\.png\?v=[0-9a-f]{10}$/],
    ['/cases/3', /\/media\/share\/case\/3\.png\?v=[0-9a-f]{10}$/],
    ['/news/12', /\/media\/share\/news\/12\.png\?v=[0-9a-f]{10}$/],
    ['/propaganda-film/2025/brand-2025', /\/media\/share\/film\/brand-2025\.png\?v=[0-9a-f]{10}$/],
  ];
  for (const [path, picture] of kinds) {
    it(`${path} names its own picture, a PNG on the page's origin`, async () => {
      const { body } = await get(path);
      const [image, ...more] = meta(body, 'og:image');
      assert.equal(more.length, 0, 'one og:image');
      assert.ok(image?.startsWith(`${portal.origin}/media/`), image);
      assert.match(image ?? '', picture);
      assert.deepEqual(meta(body, 'og:image:width'), ['1200']);
      assert.deepEqual(meta(body, 'og:image:height'), ['630']);
      assert.deepEqual(meta(body, 'og:image:type'), ['image/png']);
      assert.equal(meta(body, 'og:image:alt')[0]?.length ? 1 : 0, 1, 'the picture is described');
      assert.deepEqual(meta(body, 'twitter:card'), ['summary_large_image']);
      await assertPng(image ?? '', 1200, 630);
    });
  }

  it('states no head tag twice, on any page', async () => {
    for (const [path] of ROUTES) {
      const { body } = await get(path);
      const head = body.slice(0, body.indexOf('</head>'));
      const keys = [...head.matchAll(/<meta (?:property|name|charset)="?([^"\s/>]*)/g)].map((m) => m[1]);
      assert.deepEqual(
        keys.filter((key, i) => keys.indexOf(key) !== i),
        [],
        `${path} repeats a meta tag`,
      );
      assert.ok((head.match(/<link rel="canonical"/g)?.length ?? 0) <= 1, path);
    }
  });

  it('colours the browser as the page: dark on product pages, light elsewhere', async () => {
    for (const path of ['/product', '/product/1'])
      assert.deepEqual(meta((await get(path)).body, 'theme-color'), ['#0f131c']);
    for (const path of ['/', '/news/12', '/solution/1'])
      assert.deepEqual(meta((await get(path)).body, 'theme-color'), ['#ffffff']);
  });

  it("decodes to 1200×630, and each item's card is its own", async () => {
    const pages = ['/product/1', '/product/2', '/news/12', '/cases/3', '/'];
    const pixels = new Set<string>();
    for (const path of pages) {
      const [image] = meta((await get(path)).body, 'og:image');
      const { rows } = await assertPng(image ?? '', 1200, 630);
      pixels.add(createHash('sha256').update(rows).digest('hex'));
    }
    assert.equal(pixels.size, pages.length, 'no two cards alike');
  });

  /** The card a page names, fetched as a crawler fetches it. */
  async function cardOf(path: string) {
    const [image = ''] = meta((await get(path)).body, 'og:image');
    const res = await fetch(image);
    assert.equal(res.status, 200, image);
    const bytes = Buffer.from(await res.arrayBuffer());
    const png = readPng(bytes, image);
    return { image, bytes, cache: res.headers.get('cache-control'), pixels: png.pixels(), width: png.width };
  }
  const pixel = (card: { pixels: Buffer; width: number }, x: number, y: number) => [
    ...card.pixels.subarray((y * card.width + x) * 4, (y * card.width + x) * 4 + 3),
  ];
  /** How many pixels of the box from (x0, y0) to (x1, y1) two cards colour differently. */
  function differing(a: { pixels: Buffer; width: number }, b: { pixels: Buffer; width: number }, box: number[]) {
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = box;
    let count = 0;
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) if (pixel(a, x, y).join() !== pixel(b, x, y).join()) count++;
    return count;
  }

  it("shows its page's title: a new title is a new picture on the same cover, at a new address", async () => {
    const was = portal.sqlite.prepare('SELECT title FROM news WHERE id = 12').pluck().get() as string;
    const before = await cardOf('/news/12');
    portal.sqlite.prepare('UPDATE news SET title = ? WHERE id = 12').run('智造云发布设备物联平台新版本');
    try {
      const after = await cardOf('/news/12');
      assert.notEqual(
        after.image,
        before.image,
        'a new title gives a new og:image address, so crawlers fetch it again',
      );
      assert.match(after.cache ?? '', /immutable/);
      assert.ok(!after.bytes.equals(before.bytes), 'a new title gives a new picture');
      // The title is drawn in the card's lower part; the cover and the logo above it stay.
      assert.ok(differing(before, after, [72, 280, 1128, 560]) > 5000, 'the text differs');
      assert.equal(differing(before, after, [0, 0, 1200, 200]), 0, 'the same cover and logo');
      // The old address still answers, with the card of the title the page has now, revalidated.
      const old = await fetch(before.image);
      assert.equal(old.status, 200);
      assert.doesNotMatch(old.headers.get('cache-control') ?? '', /immutable/);
      assert.ok(Buffer.from(await old.arrayBuffer()).equals(after.bytes));
    } finally {
      portal.sqlite.prepare('UPDATE news SET title = ? WHERE id = 12').run(was);
    }
  });

  it("carries the brand: the logo on its white plate, on an item's card and on the site's", async () => {
    for (const path of ['/news/12', '/product/1', '/']) {
      const card = await cardOf(path);
      assert.deepEqual(pixel(card, 62, 104), [255, 255, 255], `${path}: the plate`);
      assert.deepEqual(pixel(card, 78, 104), [0x16, 0x64, 0xff], `${path}: the mark`);
    }
  });

  it('draws no card for an item that does not exist', async () => {
    for (const path of [
      '/media/share/news/999999.png',
      '/media/share/film/no-such-film.png',
      '/media/share/case/0.png',
    ])
      assert.equal((await get(path)).status, 404, path);
  });

  it('serves the logo as a square PNG, and no picture for an unknown kind', async () => {
    const home = (await get('/')).body;
    const logo = single(home, 'Organization').logo as { url: string; width: number; height: number };
    await assertPng(logo.url, logo.width, logo.height);
    assert.ok(logo.width >= 112, 'crawlers want at least 112 px');
    assert.equal((await get('/media/share/user/1.png')).status, 404);
    assert.equal((await get('/media/share/news/..%2F1.png')).status, 404);
  });

  it('draws an address only so many new PNGs a minute; pages and drawn ones are not counted', async () => {
    // Any id is an item here: the count, not the content, is under test.
    const titles = async (kind: string, id: string) => `${kind} ${id}`;
    const app = express().use(shareCardRoutes({ newCardsPerMinute: 2, titles }), mediaRoutes({ newPngsPerMinute: 2 }));
    const { server, port } = await listen(app);
    try {
      const status = async (path: string) => (await request(port, path)).status;
      // Drawn as a page names it: not counted.
      const named = shareImage('news', 12, '新闻').url;
      assert.equal(await status(named), 200);
      assert.equal(await status('/media/share/news/901.png'), 200);
      assert.equal(await status('/media/share/news/902.png'), 200);
      assert.equal(await status('/media/share/news/903.png'), 429);
      assert.equal(await status('/media/share/news/901.png'), 200);
      assert.equal(await status('/media/cover/news/904.svg'), 200);
    } finally {
      server.close();
    }
  });
});

describe('structured data', () => {
  it('the home page states the company, with the hotline the footer shows', async () => {
    const { body } = await get('/');
    const state = JSON.parse(
      /<script type="application\/json" id="portal-state">([^<]*)<\/script>/.exec(body)?.[1] ?? '',
    );
    const hotline: string = state.pageCommon.footerCommonDTO.serviceHotline;
    const organization = single(body, 'Organization');
    assert.equal(organization['@context'], 'https://schema.org');
    assert.equal(organization.name, '智造云工业互联网平台');
    assert.equal(organization.url, `${portal.origin}/`);
    const contact = organization.contactPoint as { telephone: string; contactType: string };
    assert.equal(contact.telephone, `+86-${hotline}`);
    assert.equal(contact.contactType, 'customer service');
    assert.equal(ofType(body, 'WebSite')[0]?.url, `${portal.origin}/`);
  });

  it('a product states every edition the page shows, at the price it shows, in CNY', async () => {
    const { body } = await get('/product/1');
    const product = single(body, 'Product');
    assert.equal(product.name, decode(/<h1>([^<]*)<\/h1>/.exec(body)?.[1] ?? ''));
    const shown = [...body.matchAll(/<article class="edition"><h3>([^<]*)<\/h3><p class="price">¥([\d,.]+)/g)].map(
      (m) => [decode(m[1] ?? ''), (m[2] ?? '').replaceAll(',', '')],
    );
    assert.ok(shown.length > 0);
    const offers = product.offers as Array<Record<string, string>>;
    assert.deepEqual(
      offers.map((offer) => [offer.name, String(Number(offer.price))]),
      shown,
    );
    for (const offer of offers) {
      assert.equal(offer['@type'], 'Offer');
      assert.match(offer.price ?? '', /^\d+\.\d{2}$/);
      assert.equal(offer.priceCurrency, 'CNY');
      assert.equal(offer.availability, 'https://schema.org/InStock');
    }
    assert.equal(product.image, meta(body, 'og:image')[0]);
  });

  it('a news item is an article with headline, picture, date and publisher', async () => {
    const { body } = await get('/news/12');
    const article = single(body, 'NewsArticle');
    assert.equal(article.headline, decode(/<h1>([^<]*)<\/h1>/.exec(body)?.[1] ?? ''));
    assert.equal(article.datePublished, /<time dateTime="([^"]+)"/i.exec(body)?.[1]);
    assert.ok(!Number.isNaN(Date.parse(String(article.datePublished))));
    const [image] = article.image as Array<{ url: string; width: number; height: number }>;
    assert.equal(image?.url, meta(body, 'og:image')[0]);
    await assertPng(image?.url ?? '', image?.width ?? 0, image?.height ?? 0);
    const publisher = article.publisher as { '@type': string; name: string; logo: { url: string } };
    assert.equal(publisher['@type'], 'Organization');
    assert.ok(publisher.name && publisher.logo.url.startsWith(portal.origin));
  });

  it('every breadcrumb shown is stated as a BreadcrumbList with the same steps', async () => {
    let seen = 0;
    for (const [path] of ROUTES) {
      const { body } = await get(path);
      const nav = /<nav [^>]*class="breadcrumb"[^>]*><ol>([\s\S]*?)<\/ol><\/nav>/.exec(body)?.[1];
      const lists = ofType(body, 'BreadcrumbList');
      if (!nav) {
        assert.equal(lists.length, 0, `${path} states a breadcrumb it does not show`);
        continue;
      }
      seen++;
      const steps = [
        ...nav.matchAll(/<li>(?:<a href="([^"]*)">|<span aria-current="page">)([^<]*)<\/(?:a|span)><\/li>/g),
      ].map((m) => ({ href: m[1] && decode(m[1]), name: decode(m[2] ?? '') }));
      assert.equal(lists.length, 1, path);
      const items = lists[0]?.itemListElement as Array<{
        '@type': string;
        position: number;
        name: string;
        item?: string;
      }>;
      assert.deepEqual(
        items.map((item) => item.name),
        steps.map((step) => step.name),
        path,
      );
      items.forEach((item, index) => {
        assert.equal(item['@type'], 'ListItem');
        assert.equal(item.position, index + 1);
        // A step without a link is the page itself: its canonical address, when it has one.
        const href = steps[index]?.href;
        assert.equal(item.item, href ? portal.origin + href : canonical(body), path);
      });
    }
    assert.ok(seen >= 20, `breadcrumbs seen on ${seen} pages`);
  });
});

describe('news feed', () => {
  it('is RSS 2.0 of the latest 20 news items, newest first, with absolute links that answer', async () => {
    const res = await get('/feed.xml');
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^application\/rss\+xml; charset=utf-8/);
    assert.match(String(res.headers['cache-control']), /public, max-age=\d+/);
    const rss = child(parseXml(res.body), 'rss');
    assert.equal(rss?.attributes.version, '2.0');
    const channel = child(rss, 'channel');
    assert.equal(child(channel, 'link')?.text, `${portal.origin}/news/type`);
    assert.equal(child(channel, 'atom:link')?.attributes.href, `${portal.origin}/feed.xml`);
    const items = children(channel, 'item');
    assert.equal(items.length, 20);
    const latest = await portal.backend.sources.content.news({ page: 1, pageSize: 20 });
    assert.deepEqual(
      items.map((item) => child(item, 'link')?.text),
      latest.list.map((n) => `${portal.origin}/news/${n.id}`),
    );
    for (const item of items) {
      const link = child(item, 'link')?.text ?? '';
      assert.equal(child(item, 'guid')?.text, link);
      assert.ok(child(item, 'title')?.text);
      assert.ok(!Number.isNaN(Date.parse(child(item, 'pubDate')?.text ?? '')));
      assert.equal((await fetch(link)).status, 200, link);
    }
  });

  it('answers a reader that has it with 304', async () => {
    const first = await get('/feed.xml');
    assert.ok(first.headers.etag);
    const again = await get('/feed.xml', { 'If-None-Match': String(first.headers.etag) });
    assert.equal(again.status, 304);
  });

  it('is named by the home and news pages and by robots.txt', async () => {
    for (const path of ['/', '/news', '/news/type/2', '/news/12'])
      assert.match(
        (await get(path)).body,
        /<link rel="alternate" type="application\/rss\+xml" title="[^"]+" href="\/feed\.xml"\/>/,
        path,
      );
    assert.doesNotMatch((await get('/product/1')).body, /application\/rss\+xml/);
    assert.match((await get('/robots.txt')).body, new RegExp(`Sitemap: ${portal.origin}/feed.xml`));
  });
});

describe('print sheet', () => {
  it('is carried by articles and product pages, allowed by its hash, and hides the chrome', async () => {
    for (const path of ['/product/1', '/news/12', '/solution/1', '/cases/1', '/info/1', '/help?id=49']) {
      const res = await get(path);
      const sheets = [...res.body.matchAll(/<style media="print">([^<]*)<\/style>/g)].map((m) => m[1]);
      assert.deepEqual(sheets, [printCss], path);
      assert.ok(String(res.headers['content-security-policy']).includes(`'${cspHash(printCss)}'`), path);
    }
    assert.doesNotMatch((await get('/')).body, /media="print"/);
    for (const tag of [
      'portal-header',
      'portal-footer',
      'portal-float-buttons',
      'portal-chat-launcher',
      'portal-cookie-notice',
    ])
      assert.match(printCss, new RegExp(`${tag},[^{]*\\{ display: none !important; \\}`));
  });
});

describe('hostile content', () => {
  const hostile = '</script><script>alert(1)</script> ]]> & "quoted" \'single\' <!-- \u0001 \u2028';

  it('stays text in the JSON-LD, the head and the feed', async () => {
    // The newest item, so the feed carries it first.
    portal.sqlite
      .prepare('UPDATE news SET title = ?, summary = ?, source = ?, published_at = ? WHERE id = 7')
      .run(hostile, hostile, hostile, '2099-01-01T00:00:00+08:00');

    const page = await get('/news/7');
    assert.equal(page.status, 200);
    assert.ok(!page.body.includes('<script>alert(1)'), 'no script element was opened');
    // Scripts: the widgets', data blocks, and the page's own inline scripts as they are written
    // (the head's keeper of early clicks and consent mark, the cookie notice's).
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.ok(
      scripts.every(
        ([, attributes = '', text]) =>
          /\bsrc="\/widgets\/|type="application\/(ld\+)?json"/.test(attributes) ||
          (attributes === '' && (text === headScript || text === NOTICE_SCRIPT)),
      ),
      scripts.map(([tag]) => tag.slice(0, 120)).join(' '),
    );
    // JSON writes U+0001 as an escape; HTML cannot carry it, so the head drops it.
    const shown = hostile.replace('\u0001', '');
    const article = single(page.body, 'NewsArticle');
    assert.equal(article.headline, hostile);
    assert.equal(article.description, hostile);
    const trail = single(page.body, 'BreadcrumbList');
    assert.equal((trail.itemListElement as Array<{ name: string }>).at(-1)?.name, hostile);
    assert.equal(meta(page.body, 'og:image:alt')[0], shown);

    const feed = await get('/feed.xml');
    const item = children(child(child(parseXml(feed.body), 'rss'), 'channel'), 'item')[0];
    assert.equal(child(item, 'link')?.text, `${portal.origin}/news/7`);
    // Nor can XML.
    assert.equal(child(item, 'title')?.text, shown);
    assert.equal(child(item, 'description')?.text, shown);
  });
});
