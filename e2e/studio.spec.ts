import { type Page, request } from '@playwright/test';
import sharp from 'sharp';
import { axeViolations, expect, portalUrl, test } from './fixtures';
import { auditWithKeyboard } from './layout/audit';
import { PAGE_WIDTHS, screen } from './layout/matrix';
import { LayoutReport } from './layout/report';
import { onScreen, quiet } from './layout/session';
import { type PortalProcess, STUDIO_ADMIN, startPortalProcess } from './portal-process';

/**
 * The studio as its staff meet it: the first administrator made through the
 * link the start prints, on a phone, by keyboard; staff added with roles; each
 * role kept to its rooms; the agent inbox behind the same sign-in; every page
 * usable at 390 and 1440 px.
 */
test.describe.configure({ timeout: 90_000 });

async function signIn(page: Page, base: string, login: string, password: string) {
  await page.goto(`${base}/studio/login`);
  await page.getByLabel('账号', { exact: true }).fill(login);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

test.describe('a site without an administrator', () => {
  let portal: PortalProcess;
  test.beforeAll(async () => {
    portal = await startPortalProcess(3, {
      env: { STUDIO_ADMIN_PASSWORD: '', DEMO_SITES: 'false' },
      ready: /Studio on/,
    });
  });
  test.afterAll(() => portal?.stop());

  test('the first administrator comes from the printed link, on a phone, by keyboard; then adds an editor', async ({
    browser,
  }) => {
    const line = await portal.logLine(/studio\/setup\?code=/);
    const link = /http:\/\/localhost:\d+(\/studio\/setup\?code=[\w-]+)/.exec(line)?.[1];
    expect(link, line).toBeTruthy();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${portal.url}${link}`);
    await expect(page.getByRole('heading', { name: '设置首个管理员' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('账号', { exact: true }).focus();
    await page.keyboard.type('owner');
    await page.keyboard.press('Tab');
    await page.keyboard.type('站长');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Owner-pass-2026');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Owner-pass-2026');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: '你好，站长' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The link worked once.
    const again = await context.request.get(`${portal.url}${link}`);
    expect(again.status()).toBe(403);

    await page.getByRole('link', { name: '员工' }).click();
    const form = page.getByRole('form', { name: '添加员工' });
    await form.getByLabel('账号', { exact: true }).fill('editor9');
    await form.getByLabel('姓名', { exact: true }).fill('王编辑');
    await form.getByRole('button', { name: '添加' }).click();
    // Refused: what was typed stays, each problem is said beside its field.
    await expect(page.getByRole('alert')).toContainText('处需要修改');
    await expect(form.getByLabel('账号', { exact: true })).toHaveValue('editor9');
    await expect(form.getByLabel('初始密码', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('请至少选择一个角色')).toBeVisible();
    await form.getByLabel(/^编辑/).check();
    await form.getByLabel('初始密码', { exact: true }).fill('Editor9-pass-2026');
    await form.getByLabel('再次输入初始密码', { exact: true }).fill('Editor9-pass-2026');
    await form.getByRole('button', { name: '添加' }).click();
    await expect(page.getByRole('status')).toHaveText('已添加员工。');
    await expect(page.getByRole('link', { name: '王编辑' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

test.describe('the studio on the shared portal', () => {
  test('each role keeps to its rooms: an editor is refused the staff pages, an agent opens the inbox', async ({
    browser,
  }) => {
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await signIn(adminPage, portalUrl(), STUDIO_ADMIN.login, STUDIO_ADMIN.password);
    await expect(adminPage.getByRole('heading', { name: /^你好/ })).toBeVisible();
    const suffix = Date.now().toString(36);
    for (const [login, role] of [
      [`ed${suffix}`, /^编辑/],
      [`ag${suffix}`, /^客服/],
    ] as const) {
      await adminPage.goto(`${portalUrl()}/studio/staff`);
      const form = adminPage.getByRole('form', { name: '添加员工' });
      await form.getByLabel('账号', { exact: true }).fill(login);
      await form.getByLabel('姓名', { exact: true }).fill(`员工${login}`);
      await form.getByLabel(role).check();
      await form.getByLabel('初始密码', { exact: true }).fill('Staff-pass-2026');
      await form.getByLabel('再次输入初始密码', { exact: true }).fill('Staff-pass-2026');
      await form.getByRole('button', { name: '添加' }).click();
      await expect(adminPage.getByRole('status')).toHaveText('已添加员工。');
    }
    await admin.close();

    const editor = await browser.newPage();
    await signIn(editor, portalUrl(), `ed${suffix}`, 'Staff-pass-2026');
    await expect(editor.getByRole('navigation', { name: '工作室' }).getByRole('link')).toHaveText([
      '概览',
      '内容',
      '我的账号',
    ]);
    expect((await editor.goto(`${portalUrl()}/studio/staff`))?.status()).toBe(403);
    expect((await editor.goto(`${portalUrl()}/chat/agent`))?.status()).toBe(403);
    await expect(editor.getByRole('alert')).toContainText('没有客服角色');
    await editor.close();

    const agent = await browser.newPage();
    await signIn(agent, portalUrl(), `ag${suffix}`, 'Staff-pass-2026');
    await agent.getByRole('link', { name: '客服工作台' }).click();
    await expect(agent.getByRole('navigation', { name: '会话列表' })).toBeVisible();
    await expect(agent.locator('body > header')).toContainText(`员工ag${suffix}`);
    await agent.getByRole('button', { name: '退出' }).click();
    await expect(agent.getByLabel('客服密码', { exact: true })).toBeVisible();
    const api = await request.newContext({ storageState: await agent.context().storageState() });
    expect((await api.get(`${portalUrl()}/chat/agent/api/conversations`)).status()).toBe(401);
    await api.dispose();
    await agent.close();
  });

  test('layout of the studio', async ({ browser }, testInfo) => {
    const report = new LayoutReport('the studio (/studio)');
    for (const device of PAGE_WIDTHS.map(screen))
      await onScreen(browser, device, async (page) => {
        await page.goto(`${portalUrl()}/studio`);
        await expect(page.getByRole('heading', { name: '员工登录' })).toBeVisible();
        await quiet(page);
        const form = `${device.label}, the sign-in form`;
        report.add(form, await auditWithKeyboard(page, form, device));
        await signIn(page, portalUrl(), STUDIO_ADMIN.login, STUDIO_ADMIN.password);
        await page.goto(`${portalUrl()}/studio/staff`);
        await page.getByRole('form', { name: '添加员工' }).getByRole('button', { name: '添加' }).click();
        await expect(page.getByRole('alert')).toBeVisible();
        await quiet(page);
        const staff = `${device.label}, the staff with a refused form`;
        report.add(staff, await auditWithKeyboard(page, staff, device));
        await page.getByRole('link', { name: '管理员' }).first().click();
        await expect(page.getByRole('heading', { name: '重设密码' })).toBeVisible();
        await quiet(page);
        const member = `${device.label}, a member`;
        report.add(member, await auditWithKeyboard(page, member, device));
        await page.goto(`${portalUrl()}/studio/audit`);
        await quiet(page);
        const audit = `${device.label}, the audit log`;
        report.add(audit, await auditWithKeyboard(page, audit, device));
        await page.goto(`${portalUrl()}/studio/news`);
        await quiet(page);
        const news = `${device.label}, the news`;
        report.add(news, await auditWithKeyboard(page, news, device));
        await page.goto(`${portalUrl()}/studio/news/1`);
        await quiet(page);
        const item = `${device.label}, a news item`;
        report.add(item, await auditWithKeyboard(page, item, device));
      });
    await report.finish(testInfo);
  });
});

test.describe('news on a portal of its own (the shared one keeps its seeded news for the other suites)', () => {
  let own: PortalProcess;
  test.beforeAll(async () => {
    own = await startPortalProcess(3, { env: { DEMO_SITES: 'false' }, ready: /Studio on/ });
  });
  test.afterAll(() => own?.stop());

  test('news: an editor drafts, previews in a new tab, a publisher publishes; visitors see it only then', async ({
    browser,
  }) => {
    const admin = await browser.newPage();
    await signIn(admin, own.url, STUDIO_ADMIN.login, STUDIO_ADMIN.password);
    await admin.getByRole('link', { name: '内容' }).click();
    await admin.getByRole('list', { name: '内容类别' }).getByRole('link', { name: '新闻', exact: true }).click();
    await admin.getByRole('link', { name: '写新闻' }).click();
    const title = `浏览器里写的新闻 ${Date.now().toString(36)}`;
    await admin.getByLabel('分类').selectOption({ label: '公司新闻' });
    await admin.getByLabel('标题', { exact: true }).fill(title);
    await admin.getByLabel('摘要', { exact: true }).fill('从工作室写的一条新闻。');
    await admin.getByLabel('来源', { exact: true }).fill('智造云');
    // The body in the rich-text editor, with an image uploaded into the media library from it.
    const editor = admin.locator('trix-editor');
    await editor.click();
    await admin.keyboard.type('第一段。');
    const uploaded = admin.waitForResponse((res) => res.url().endsWith('/studio/media/upload'));
    const chooser = admin.waitForEvent('filechooser');
    await admin.getByRole('toolbar', { name: '正文格式' }).getByRole('button', { name: '插入图片' }).click();
    await (await chooser).setFiles({
      name: '新闻配图.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 800, height: 400, channels: 3, background: '#1664ff' } })
        .png()
        .toBuffer(),
    });
    const image = ((await (await uploaded).json()) as { url: string }).url;
    await expect(editor.locator(`img[src="${image}"]`)).toBeVisible();
    await admin.getByRole('button', { name: '保存草稿' }).click();
    await expect(admin.getByRole('status')).toContainText('草稿已保存');
    const address = await admin.getByRole('link', { name: /^\/news\/\d+$/ }).textContent();

    const visitor = await browser.newPage();
    expect((await visitor.goto(`${own.url}${address}`))?.status()).toBe(404);
    const [preview] = await Promise.all([
      admin.context().waitForEvent('page'),
      admin.getByRole('link', { name: '预览草稿（新窗口）' }).click(),
    ]);
    await expect(preview.getByRole('heading', { name: title })).toBeVisible();
    await expect(preview.locator('picture img')).toHaveJSProperty('complete', true);
    await expect(preview.locator('portal-header')).toHaveCount(0);
    await preview.close();

    await admin.getByRole('button', { name: '发布草稿' }).click();
    await expect(admin.getByRole('status')).toContainText('已发布');
    await visitor.goto(`${own.url}${address}`);
    await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
    // The uploaded image, as WebP in the width the browser picked.
    const picture = visitor.locator('.article picture, article picture').first();
    await expect(picture.locator('img')).toHaveJSProperty('complete', true);
    expect(await picture.locator('img').evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/media\/[0-9a-f]{20}-\d+\.webp$/,
    );
    await visitor.goto(`${own.url}/news`);
    await expect(visitor.getByRole('link', { name: title })).toBeVisible();
    await admin.close();
    await visitor.close();
  });
});
