import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { axeViolations, expect, portalUrl, test } from './fixtures';
import { STUDIO_ADMIN } from './portal-process';

/**
 * The media library as an editor uses it: an image uploaded in the library,
 * another put into the rich-text editor (Trix) and saved, each served in its
 * widths as WebP and JPEG at immutable addresses; the page passes axe.
 */
test.describe.configure({ timeout: 90_000 });

async function signIn(page: Page, login: string, password: string) {
  await page.goto(`${portalUrl()}/studio/login`);
  await page.getByLabel('账号', { exact: true }).fill(login);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('heading', { name: /^你好/ })).toBeVisible();
}

const photo = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

test('an editor uploads an image in the library and in the rich-text editor; both are served in their widths', async ({
  browser,
}) => {
  const admin = await browser.newPage();
  await signIn(admin, STUDIO_ADMIN.login, STUDIO_ADMIN.password);
  const login = `media${Date.now().toString(36)}`;
  await admin.goto(`${portalUrl()}/studio/staff`);
  const form = admin.getByRole('form', { name: '添加员工' });
  await form.getByLabel('账号', { exact: true }).fill(login);
  await form.getByLabel('姓名', { exact: true }).fill('图片编辑');
  await form.getByLabel(/^编辑/).check();
  await form.getByLabel('初始密码', { exact: true }).fill('Media-pass-2026');
  await form.getByLabel('再次输入初始密码', { exact: true }).fill('Media-pass-2026');
  await form.getByRole('button', { name: '添加' }).click();
  await expect(admin.getByRole('status')).toHaveText('已添加员工。');
  await admin.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  await signIn(page, login, 'Media-pass-2026');

  // The library: a PNG named .jpg is taken as what it is; an SVG is refused with the reason.
  await page.goto(`${portalUrl()}/studio/content`);
  await page.getByRole('link', { name: '媒体库' }).click();
  await expect(page.getByRole('heading', { name: '媒体库', level: 1 })).toBeVisible();
  await page.getByLabel('图片', { exact: true }).setInputFiles({
    name: 'logo.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await page.getByRole('button', { name: '上传' }).click();
  await expect(page.getByText(/只能上传 JPEG、PNG、WebP 或 GIF 图片/).first()).toBeVisible();
  await page.getByLabel('图片', { exact: true }).setInputFiles({
    name: '展厅.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(1200, 600, '#1664ff'),
  });
  await page.getByLabel('图片说明').fill('展厅全景');
  await page.getByRole('button', { name: '上传' }).click();
  await expect(page.getByRole('status')).toHaveText('图片已上传，各尺寸已生成。');
  const row = page.locator('tr', { hasText: '展厅.jpg' });
  await expect(row).toContainText('1200×600 像素');
  await expect(row).toContainText('图片编辑');
  const thumb = row.locator('img');
  await expect(thumb).toHaveJSProperty('complete', true);
  expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const address = (await row.getByRole('link').textContent()) ?? '';
  expect(address).toMatch(/^\/media\/[0-9a-f]{20}-1200\.jpg$/);
  expect(await axeViolations(page)).toEqual([]);

  for (const width of [320, 640, 960, 1200])
    for (const ext of ['webp', 'jpg']) {
      const served = await context.request.get(`${portalUrl()}${address.replace(/-1200\.jpg$/, `-${width}.${ext}`)}`);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toBe(ext === 'jpg' ? 'image/jpeg' : 'image/webp');
      expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(await served.body()).metadata()).width).toBe(width);
    }
  expect((await context.request.get(`${portalUrl()}${address.replace('1200', '1280')}`)).status()).toBe(404);

  // The rich-text editor: Trix in place of the textarea, an image attached is uploaded into the library.
  await page.getByRole('link', { name: '试写图文' }).click();
  const editor = page.locator('trix-editor');
  await expect(editor).toBeVisible();
  const toolbar = page.getByRole('toolbar', { name: '正文格式' });
  await expect(toolbar.getByRole('button', { name: '加粗' })).toBeVisible();
  // Every button is reached by Tab, not by shortcuts only: inserting an image too.
  await expect(toolbar.getByRole('button', { name: '插入图片' })).not.toHaveAttribute('tabindex', '-1');
  await editor.click();
  await page.keyboard.type('第一段文字');
  const uploaded = page.waitForResponse((res) => res.url().endsWith('/studio/media/upload'));
  const chooser = page.waitForEvent('filechooser');
  await toolbar.getByRole('button', { name: '插入图片' }).press('Enter');
  await (await chooser).setFiles({
    name: '产线.png',
    mimeType: 'image/png',
    buffer: await photo(2000, 1000, '#0e9f6e'),
  });
  const answer = (await (await uploaded).json()) as { url: string; width: number; height: number };
  expect(answer.url).toMatch(/^\/media\/[0-9a-f]{20}-1640\.jpg$/);
  await expect(editor.locator(`img[src="${answer.url}"]`)).toBeVisible();
  await page.getByRole('button', { name: '查看保存后的样子' }).click();
  const preview = page.locator('.preview');
  await expect(preview.locator('p').first()).toHaveText('第一段文字');
  const picture = preview.locator('picture');
  await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute(
    'srcset',
    /-320\.webp 320w, .*-1640\.webp 1640w$/,
  );
  const img = picture.locator('img');
  await expect(img).toHaveAttribute('width', '1640');
  await expect(img).toHaveAttribute('height', '820');
  await expect(img).toHaveJSProperty('complete', true);
  // The browser took a WebP variant (its own choice of width).
  expect(await img.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(
    /\/media\/[0-9a-f]{20}-\d+\.webp$/,
  );
  expect(await page.locator('#saved-html').inputValue()).not.toContain('data-trix');
  // The editor loads again with what was posted.
  await expect(page.locator('trix-editor img')).toHaveCount(1);
  expect(refused).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);

  // The library lists the editor's upload too.
  await page.goto(`${portalUrl()}/studio/media`);
  await expect(page.locator('tr', { hasText: '产线.png' })).toContainText('1640×820 像素');
  await context.close();
});
