import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { StaffBrowser } from '../../backend/test-support/staff-browser';
import { startTestPortal, type TestPortal } from '../test-support/backend';
import { request } from '../test-support/server';

/**
 * The chrome (header, footer, floating buttons, launcher) is rendered once per
 * common data, language, theme, device and active menu entry, and spliced into
 * every page: what changes any of them changes the next page's chrome.
 */
const ADMIN = { login: 'admin', password: 'Admin-chrome-2026' };
const PHONE = { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' };

for (const pageCache of ['off', 'on'] as const)
  describe(`the kept chrome, PAGE_CACHE=${pageCache}`, () => {
    let portal: TestPortal;
    before(async () => {
      portal = await startTestPortal({ pageCache, studioAdmin: ADMIN });
    });
    after(() => portal.close());
    const get = (path: string, headers: Record<string, string> = {}) => request(portal.port, path, { headers });
    /** The header's shadow root, where the menu's entries are. */
    const header = (html: string) => /<portal-header[^>]*>([\s\S]*?)<\/portal-header>/.exec(html)?.[1] ?? '';
    const current = (html: string) => /aria-current="page"[^>]*>([^<]+)</.exec(header(html))?.[1];

    it('marks the menu entry of each page’s own section', async () => {
      assert.equal(current((await get('/product')).body), '产品中心');
      assert.equal(current((await get('/news')).body), '新闻中心');
      assert.equal(current((await get('/product/1')).body), '产品中心');
      assert.equal(current((await get('/')).body), undefined);
    });

    it('draws the sign-in in the desktop header only, and the dark theme where the address asks for it', async () => {
      assert.match(header((await get('/news')).body), /<portal-login/);
      assert.doesNotMatch(header((await get('/news', PHONE)).body), /<portal-login/);
      assert.match(header((await get('/news/1')).body), /<portal-login/);
      assert.match((await get('/product/1')).body, /<portal-header theme="dark"/);
      assert.match((await get('/news/1')).body, /<portal-header theme="light"/);
    });

    it('shows common data published in the studio on the next page, in the header and the footer', async () => {
      const before = (await get('/news')).body;
      assert.match(before, /400-820-6688/);
      assert.doesNotMatch(before, /logo-chrome-test\.svg/);
      const admin = new StaffBrowser(portal);
      await admin.signIn(ADMIN.login, ADMIN.password);
      const fields = {
        serviceHotline: '400-333-4444',
        serviceTime: '周一至周五 9:00—18:00',
        address: '江苏省苏州市新地址 2 号',
        title1: '扫码访问',
        title2: '扫码联系',
        photo1: '',
        photo2: '',
        logo: '/media/logo-chrome-test.svg',
        hotProductIds: ['1'],
        commonSolutionIds: ['3'],
      };
      assert.equal((await admin.submit('/studio/common/1', '/studio/common/1', fields)).status, 303);
      assert.equal((await admin.submit('/studio/common/1', '/studio/common/1/publish', {})).status, 303);
      for (const path of ['/news', '/product/1', '/']) {
        const page = (await get(path)).body;
        assert.match(page, /400-333-4444/, `${path}: the footer`);
        assert.match(header(page), /logo-chrome-test\.svg/, `${path}: the header`);
        assert.doesNotMatch(page, /400-820-6688/, path);
      }
      assert.match((await get('/news', PHONE)).body, /400-333-4444/, 'a phone’s page too');
    });
  });
