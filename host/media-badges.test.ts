import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Resvg } from '@resvg/resvg-js';
import express from 'express';
import jsQR from 'jsqr';
import { PUBLIC_ORIGIN_SETTING } from '../contract/public-origin';
import { mediaRoutes, mediaUrl } from './media';
import { startTestPortal, type TestPortal } from './test-support/backend';
import { listen, request } from './test-support/server';

/** What a phone's scanner reads from an SVG badge: drawn by resvg at 8 px a module, read by jsQR. */
function scan(svg: string): string | undefined {
  const image = new Resvg(svg, { fitTo: { mode: 'zoom', value: 8 }, font: { loadSystemFonts: false } }).render();
  const { pixels } = image;
  return jsQR(new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, pixels.length), image.width, image.height)?.data;
}

/** The address a badge claims: its drawing's title. */
const claimed = (svg: string) =>
  /<title>([^<]*)<\/title>/.exec(svg)?.[1]?.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)));

describe('the footer’s badges', () => {
  it('are QR codes of the home page and the contact section on the origin they are asked from', async () => {
    const { server, port } = await listen(express().use(mediaRoutes()));
    try {
      for (const [path, page] of [
        ['/media/badge/wechat.svg', '/'],
        ['/media/badge/service.svg', '/about#contact'],
      ] as const) {
        const { status, body } = await request(port, path, { headers: { Host: 'portal.test:8080' } });
        assert.equal(status, 200, path);
        assert.equal(scan(body), `http://portal.test:8080${page}`, path);
        assert.equal(claimed(body), `http://portal.test:8080${page}`, `${path}: its title says where it leads`);
      }
      assert.equal((await request(port, '/media/badge/other.svg')).status, 404, 'no other badge is drawn');
    } finally {
      server.close();
    }
  });

  it('lead to PORTAL_PUBLIC_ORIGIN when it is set, whatever host the proxy forwards', async () => {
    const app = express().use(mediaRoutes());
    app.set(PUBLIC_ORIGIN_SETTING, 'https://www.example.cn');
    const { server, port } = await listen(app);
    try {
      const { body } = await request(port, mediaUrl('/media/badge/service.svg'), { headers: { Host: 'backend:3000' } });
      assert.equal(scan(body), 'https://www.example.cn/about#contact');
    } finally {
      server.close();
    }
  });

  describe('on a portal', () => {
    let portal: TestPortal;
    before(async () => {
      portal = await startTestPortal({ pageCache: false });
    });
    after(() => portal.close());

    it('the footer shows the seeded badges, which scan to the portal’s own pages', async () => {
      const common = JSON.parse((await request(portal.port, '/api/common/index')).body).data.pageCommonDTO;
      const footer = common.footerCommonDTO as Record<string, string>;
      const scanned = async (url: string) => scan((await request(portal.port, url)).body);
      assert.equal(await scanned(footer.photo1 ?? ''), `${portal.origin}/`);
      assert.equal(await scanned(footer.photo2 ?? ''), `${portal.origin}/about#contact`);
      assert.equal(footer.title1, '扫码访问智造云门户');
      assert.equal(footer.title2, '扫码联系我们');
    });
  });
});
