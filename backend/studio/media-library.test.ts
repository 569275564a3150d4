import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { request } from '../../test-support/http';
import { startTestPortal, type TestPortal } from '../../test-support/portal';
import { StaffBrowser } from '../test-support/staff-browser';

const ADMIN = { login: 'admin', password: 'Admin-media-2026' };
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0e9f6e' } })
    .png()
    .toBuffer();

describe('the studio’s media library', () => {
  let portal: TestPortal;
  let editor: StaffBrowser;
  let agent: StaffBrowser;

  before(async () => {
    portal = await startTestPortal({ studioAdmin: ADMIN, media: { maxBytes: 100_000 } });
    const admin = new StaffBrowser(portal);
    await admin.signIn(ADMIN.login, ADMIN.password);
    editor = await admin.addMember({ login: 'writer', name: '李编辑', roles: 'editor' });
    agent = await admin.addMember({ login: 'helper', name: '王客服', roles: 'agent' });
  });
  after(() => portal.close());

  const upload = async (browser: StaffBrowser, fileName: string, data: Buffer, alt = '', action = '/studio/media') =>
    browser.upload(
      action,
      { csrf: await browser.formToken('/studio/media', '/studio/media'), alt },
      { image: { fileName, data, type: 'image/jpeg' } },
    );

  it('takes a PNG named .jpg as the PNG it is, lists it with its size, who and when, and its address and HTML', async () => {
    const sent = await upload(editor, '展厅.jpg', await png(900, 450), '展厅全景');
    assert.equal(sent.status, 303, sent.body);
    const id = /#media-([0-9a-f]{20})$/.exec(sent.location ?? '')?.[1] ?? '';
    assert.ok(id, sent.location);
    const page = await editor.get(sent.location ?? '');
    assert.equal(page.status, 200);
    assert.match(page.body, /图片已上传/);
    assert.match(page.body, /展厅\.jpg/);
    assert.match(page.body, /900×450 像素/);
    assert.match(page.body, /李编辑/);
    assert.match(page.body, new RegExp(`/media/${id}-900\\.jpg`));
    assert.match(
      page.body,
      new RegExp(`srcset="/media/${id}-320\\.webp 320w, /media/${id}-640\\.webp 640w, /media/${id}-900\\.webp 900w"`),
    );
    const served = await request(portal.port, `/media/${id}-640.webp`);
    assert.equal(served.status, 200);
    assert.equal(served.headers['content-type'], 'image/webp');
    const audit = (await portal.backend.audit.page()).entries[0];
    assert.equal(audit?.action, 'media-uploaded');
  });

  it('refuses SVG and HTML named as images, saying why in Chinese, with nothing kept', async () => {
    const before = (await portal.backend.media.list()).length;
    for (const [name, bytes] of [
      ['logo.png', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['page.jpg', '<html><body onload="alert(1)">'],
    ] as const) {
      const refused = await upload(editor, name, Buffer.from(bytes), '别的说明');
      assert.equal(refused.status, 400);
      assert.match(refused.body, /只能上传 JPEG、PNG、WebP 或 GIF 图片/);
      assert.match(refused.body, /value="别的说明"/, 'the text alternative is shown again');
    }
    assert.equal((await portal.backend.media.list()).length, before);
  });

  it('refuses an image over MEDIA_MAX_BYTES, and a body far over it before reading it all', async () => {
    const noise = await sharp(randomBytes(200 * 200 * 3), { raw: { width: 200, height: 200, channels: 3 } })
      .png()
      .toBuffer();
    assert.ok(noise.length > 100_000 && noise.length < 164_000, String(noise.length));
    const big = await upload(editor, 'noise.png', noise);
    assert.equal(big.status, 400);
    assert.match(big.body, /图片太大：最大 98 KB/);
    const huge = await upload(editor, 'huge.png', Buffer.alloc(400_000, 1));
    assert.equal(huge.status, 413);
    assert.match(huge.body, /图片太大/);
  });

  it('asks for a file when none was chosen', async () => {
    const none = await editor.upload(
      '/studio/media',
      { csrf: await editor.formToken('/studio/media', '/studio/media') },
      { image: { fileName: '', data: Buffer.alloc(0) } },
    );
    assert.equal(none.status, 400);
    assert.match(none.body, /请选择要上传的图片/);
  });

  it('the editor’s uploads answer in JSON: the largest fallback’s address and its size', async () => {
    const sent = await upload(editor, 'x.png', await png(2000, 1000), '', '/studio/media/upload');
    assert.equal(sent.status, 200, sent.body);
    const answer = JSON.parse(sent.body) as { id: string; url: string; width: number; height: number };
    assert.deepEqual(answer, { id: answer.id, url: `/media/${answer.id}-1640.jpg`, width: 1640, height: 820 });
    const refused = await upload(editor, 'x.png', Buffer.from('<svg/>'), '', '/studio/media/upload');
    assert.equal(refused.status, 400);
    assert.match(JSON.parse(refused.body).message, /只能上传/);
  });

  it('refuses a post without the page’s token, from another origin, or by a member without the draft role', async () => {
    const bytes = await png(100, 100);
    const noToken = await editor.upload('/studio/media', {}, { image: { fileName: 'a.png', data: bytes } });
    assert.equal(noToken.status, 403);
    const csrf = await editor.formToken('/studio/media', '/studio/media');
    const elsewhere = await editor.upload(
      '/studio/media',
      { csrf },
      { image: { fileName: 'a.png', data: bytes } },
      'https://evil.example',
    );
    assert.equal(elsewhere.status, 403);
    assert.equal((await agent.get('/studio/media')).status, 403);
    const byAgent = await agent.upload('/studio/media/upload', { csrf }, { image: { fileName: 'a.png', data: bytes } });
    assert.equal(byAgent.status, 403);
    const visitor = await request(portal.port, '/studio/media');
    assert.equal(visitor.status, 303);
  });

  it('a plain form post (not multipart) is refused as a form, not a fault', async () => {
    const csrf = await editor.formToken('/studio/media', '/studio/media');
    const plain = await editor.post('/studio/media', { csrf, image: 'x' });
    assert.equal(plain.status, 415);
    assert.match(plain.body, /上传的表单不完整/);
  });

  it('试写图文: the rich-text field, and what saving keeps of it by the pages’ rules', async () => {
    const page = await editor.get('/studio/media/compose');
    assert.equal(page.status, 200);
    assert.match(page.body, /<textarea id="field-html" name="html"[^>]*data-rich-text="\/studio\/media\/upload"/);
    assert.match(page.body, /<script type="module" src="\/widgets\/studio-editor\.js"/);
    assert.match(page.body, /<link rel="stylesheet" href="\/widgets\/studio-editor\.css"/);
    assert.match(page.body, /<meta name="trix-csp-nonce" content="[^"]+"/);
    const res = await request(portal.port, '/studio/media/compose', {
      headers: { Cookie: [...editor.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    assert.match(String(res.headers['content-security-policy']), /img-src 'self' data: blob:/);
    const { item } = await portal.backend.media.upload({ name: 'a.png', bytes: await png(700, 350) }, '', {
      id: 1,
      name: 'x',
    });
    const shown = await editor.submit('/studio/media/compose', '/studio/media/compose', {
      html: `<div>第一段<figure data-trix-attachment="{}"><img src="/media/${item.id}-700.jpg" width="700" height="350"><figcaption class="attachment__caption">车间</figcaption></figure></div><img src="https://evil.example/x.jpg"><script>alert(1)</script>`,
    });
    assert.equal(shown.status, 200);
    assert.match(shown.body, /<p>第一段<\/p><figure><picture><source type="image\/webp"/);
    assert.match(shown.body, /alt="车间"/);
    assert.doesNotMatch(shown.body, /evil\.example\/x\.jpg"|<script>alert/);
  });

  it('a news item saved with an uploaded image shows it to visitors as <picture>, WebP first, at immutable addresses', async () => {
    const admin = new StaffBrowser(portal);
    await admin.signIn(ADMIN.login, ADMIN.password);
    const { item } = await portal.backend.media.upload({ name: 'line.png', bytes: await png(1000, 500) }, '', {
      id: 1,
      name: 'x',
    });
    const saved = await admin.submit('/studio/news/new', '/studio/news', {
      categoryId: '1',
      title: '新产线投产',
      summary: '新产线今天投产。',
      source: '智造云',
      publishedAt: '2026-11-20',
      contentHtml: `<div>新产线今天投产。<figure><img src="/media/${item.id}-1000.jpg" width="1000" height="500"><figcaption>新产线</figcaption></figure></div>`,
    });
    assert.equal(saved.status, 303, saved.body);
    const id = /\/studio\/news\/(\d+)/.exec(saved.location ?? '')?.[1];
    await admin.submit(`/studio/news/${id}`, `/studio/news/${id}/publish`, {});
    const page = await request(portal.port, `/news/${id}`);
    assert.equal(page.status, 200);
    assert.match(
      page.body,
      new RegExp(
        `<picture><source type="image/webp" srcset="/media/${item.id}-320\\.webp 320w, /media/${item.id}-640\\.webp 640w, /media/${item.id}-960\\.webp 960w, /media/${item.id}-1000\\.webp 1000w"`,
      ),
    );
    assert.match(
      page.body,
      new RegExp(`<img src="/media/${item.id}-1000\\.jpg" [^>]*width="1000" height="500" alt="新产线"`),
    );
    assert.match(String(page.headers['content-security-policy']), /img-src 'self'/);
  });
});
