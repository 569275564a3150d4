import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LAYOUTS } from '../../contract/layouts';
import { drawnOf, ELEMENTS, type ElementEntry, type PortalTag } from '../../widgets/elements';
import { type Layout, type PageContext, renderDocument } from './document';
import { themeFor } from './theme';

const context = (overrides: Partial<PageContext> = {}): PageContext => ({
  assets: { css: '', manifest: {}, elementStyles: {}, styleHashes: [] },
  lang: 'zh-CN',
  path: '/',
  theme: 'light',
  userAgent: '',
  pageCommon: null,
  friendlyLinks: [],
  preview: false,
  origin: 'https://portal.example',
  ...overrides,
});

/** The chrome in a page: its elements, and the cookie notice the server draws (`cookie-notice`, no element). */
const tagsIn = (html: string) =>
  ['portal-header', 'portal-topic-header', 'portal-footer', 'portal-float-buttons', 'cookie-notice'].filter((tag) =>
    html.includes(tag === 'cookie-notice' ? '<div id="cookie-notice">' : `<${tag}`),
  );

const render = (layout: Layout, overrides: Partial<PageContext> = {}) =>
  renderDocument({ title: 't', layout, topicPhone: '400-820-6688', children: <main>内容</main> }, context(overrides));

describe('layouts', () => {
  it('default: header with sign-in, footer, float buttons, cookie notice', () => {
    const html = render('default');
    assert.deepEqual(tagsIn(html), ['portal-header', 'portal-footer', 'portal-float-buttons', 'cookie-notice']);
    assert.match(html, /<portal-login/);
  });

  it('default on a phone: the header without the sign-in, whose code is not preloaded; the agreement dialog still waits', () => {
    const manifest = { 'portal-login': ['chunks/login-1.js'], 'portal-cookie-notice': ['chunks/cookie-notice-1.js'] };
    const assets = { css: '', manifest, elementStyles: {}, styleHashes: [] };
    const phone = render('default', {
      assets,
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
    });
    assert.deepEqual(tagsIn(phone), ['portal-header', 'portal-footer', 'portal-float-buttons', 'cookie-notice']);
    assert.doesNotMatch(phone, /<portal-login/);
    assert.doesNotMatch(phone, /login-1\.js/);
    // The notice is the server's: its element's code is neither loaded nor preloaded.
    assert.doesNotMatch(phone, /cookie-notice-1\.js/);
    assert.match(phone, /<portal-agreement-dialog load-on="signed-in">/);
    const desktop = render('default', { assets, userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0' });
    // The sign-in waits for the light check to find a user, or for the visitor's pointer (issue 33): not preloaded.
    assert.match(desktop, /<portal-login lang="zh-CN" load-on="signed-in">/);
    assert.doesNotMatch(desktop, /login-1\.js/);
  });

  it('default with ?preview=true: no header and no footer', () => {
    assert.deepEqual(tagsIn(render('default', { preview: true })), ['cookie-notice']);
  });

  it('order: header and footer', () => {
    assert.deepEqual(tagsIn(render('order')), ['portal-header', 'portal-footer']);
  });

  it('topic: the topic header with the hotline, and the footer', () => {
    const html = render('topic');
    assert.deepEqual(tagsIn(html), ['portal-topic-header', 'portal-footer', 'cookie-notice']);
    assert.match(
      html,
      /<portal-topic-header phone="400-820-6688" logo="\/media\/logo\.svg\?v=[0-9a-f]{10}" load-on="interaction">/,
    );
  });

  it('certify and blank: no chrome elements', () => {
    assert.deepEqual(tagsIn(render('certify')), []);
    assert.match(render('certify'), /class="certify-bar"/);
    assert.deepEqual(tagsIn(render('blank')), []);
  });

  it('each layout draws the elements the registry gives it, and no other, above or below the content', () => {
    const phoneAgent = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
    const tags = Object.keys(ELEMENTS) as PortalTag[];
    for (const layout of LAYOUTS)
      for (const preview of [false, true])
        for (const phone of [false, true]) {
          const html = render(layout, { preview, userAgent: phone ? phoneAgent : '' });
          const expected = tags.filter((tag) => {
            const entry: ElementEntry = ELEMENTS[tag];
            return entry.layouts?.includes(layout) && (!preview || entry.inPreview) && (!phone || !entry.desktopOnly);
          });
          const page = `${layout}${preview ? ' preview' : ''}${phone ? ' phone' : ''}`;
          assert.deepEqual(
            tags.filter((tag) => html.includes(`<${tag}`)),
            expected,
            page,
          );
          const main = html.indexOf('<main');
          for (const tag of expected) {
            const at = html.indexOf(`<${tag}`);
            if (drawnOf(tag) === 'above') assert.ok(at < main, `${page}: ${tag} above the content`);
            if (drawnOf(tag) === 'below') assert.ok(at > main, `${page}: ${tag} below the content`);
          }
        }
  });

  it('every layout starts with the skip link to the main content, which takes focus', () => {
    for (const layout of ['default', 'order', 'topic', 'certify', 'blank'] as const) {
      const html = renderDocument(
        { title: 't', layout, children: <main id="main">内容</main> },
        context({ lang: layout === 'order' ? 'en' : 'zh-CN' }),
      );
      const first = layout === 'order' ? 'Skip to main content' : '跳到主要内容';
      assert.match(
        html,
        new RegExp(`<body><nav aria-label="[^"]+"><a href="#main" class="skip-link">${first}</a></nav>`),
      );
      assert.match(html, /<main id="main" tabindex="-1">/, layout);
    }
  });

  it('renders the chrome as declarative shadow roots with their styles', () => {
    const html = render('default');
    assert.match(
      html,
      /<portal-header theme="light" load-on="scroll"><template shadowrootmode="open"><style data-server-style>/,
    );
  });

  it('is dark on the product centre and product details only', () => {
    for (const path of ['/product', '/product/', '/product/3', '/product/P2025001'])
      assert.equal(themeFor(path), 'dark', path);
    for (const path of ['/', '/products', '/product/3/more', '/solution/1', '/productx'])
      assert.equal(themeFor(path), 'light', path);
  });
});
