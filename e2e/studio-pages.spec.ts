import type { Page } from '@playwright/test';
import { StaffBrowser } from '../backend/test-support/staff-browser';
import { expect, test } from './fixtures';
import { auditWithKeyboard } from './layout/audit';
import { PAGE_WIDTHS, screen } from './layout/matrix';
import { LayoutReport } from './layout/report';
import { onScreen, quiet } from './layout/session';
import { type PortalProcess, STUDIO_ADMIN, startPortalProcess } from './portal-process';

/**
 * The site's pages in the studio, in Chromium on a portal of its own (the
 * shared one keeps its seeded footer and help for the other suites): an editor
 * changes the hotline in the common data, a publisher publishes it and every
 * page's footer shows it at once; the privacy policy edited and published shows
 * at its address.
 */
test.describe.configure({ timeout: 120_000 });

const EDITOR = { login: 'pages-editor', password: 'Pages-editor-2026' };
const PUBLISHER = { login: 'pages-publisher', password: 'Pages-publisher-2026' };

async function signIn(page: Page, base: string, login: string, password: string) {
  await page.goto(`${base}/studio/login`);
  await page.getByLabel('账号', { exact: true }).fill(login);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

test.describe('the pages’ desks on a portal of its own', () => {
  let own: PortalProcess;
  test.beforeAll(async () => {
    own = await startPortalProcess(3, { env: { DEMO_SITES: 'false' }, ready: /Studio on/ });
    const admin = new StaffBrowser({ port: Number(new URL(own.url).port), origin: own.url });
    await admin.signIn(STUDIO_ADMIN.login, STUDIO_ADMIN.password);
    for (const [who, name, roles] of [
      [EDITOR, '周编辑', 'editor'],
      [PUBLISHER, '吴发布', 'publisher'],
    ] as const) {
      const added = await admin.submit('/studio/staff', '/studio/staff', {
        login: who.login,
        name,
        roles,
        password: who.password,
        confirm: who.password,
      });
      expect(added.status, added.body).toBe(303);
    }
  });
  test.afterAll(() => own?.stop());

  test('the common data: an editor changes the hotline, a publisher publishes it, every page’s footer shows it at once', async ({
    browser,
  }) => {
    const visitor = await browser.newPage();
    // Kept before the change: the publish must drop them.
    for (const path of ['/', '/news', '/about']) {
      await visitor.goto(`${own.url}${path}`);
      await expect(visitor.locator('portal-footer')).toContainText('400-820-6688');
    }

    const editor = await browser.newPage();
    await signIn(editor, own.url, EDITOR.login, EDITOR.password);
    await editor.getByRole('link', { name: '内容' }).click();
    await editor
      .getByRole('list', { name: '内容类别' })
      .getByRole('link', { name: /公共信息/ })
      .click();
    await expect(editor).toHaveURL(/\/studio\/common\/1$/);
    await expect(editor.getByRole('button', { name: '撤下' })).toHaveCount(0);
    await editor.getByLabel('服务热线').fill('400-000-1234');
    await editor.getByRole('button', { name: '保存草稿' }).click();
    await expect(editor.getByRole('status')).toContainText('草稿已保存');
    await expect(editor.getByRole('button', { name: /发布/ })).toHaveCount(0);
    await visitor.goto(`${own.url}/news`);
    await expect(visitor.locator('portal-footer')).toContainText('400-820-6688');

    const publisher = await browser.newPage();
    await signIn(publisher, own.url, PUBLISHER.login, PUBLISHER.password);
    await publisher.goto(`${own.url}/studio/common`);
    await publisher.getByRole('button', { name: '发布草稿' }).click();
    await expect(publisher.getByRole('status')).toContainText('已发布');
    for (const path of ['/', '/news', '/about', '/product', '/help?id=49']) {
      await visitor.goto(`${own.url}${path}`);
      await expect(visitor.locator('portal-footer'), path).toContainText('400-000-1234');
    }
    await Promise.all([visitor.close(), editor.close(), publisher.close()]);
  });

  test('the privacy policy (help 49): edited and published shows at /help?id=49, and cannot be taken down', async ({
    browser,
  }) => {
    const publisher = await browser.newPage();
    await signIn(publisher, own.url, PUBLISHER.login, PUBLISHER.password);
    await publisher.goto(`${own.url}/studio/content`);
    await publisher.getByRole('list', { name: '内容类别' }).getByRole('link', { name: '帮助文章' }).click();
    await publisher.getByRole('link', { name: '隐私政策' }).click();
    await expect(publisher).toHaveURL(/\/studio\/help\/49$/);
    await expect(publisher.getByRole('button', { name: '撤下' })).toHaveCount(0);
    await publisher.getByLabel('标题', { exact: true }).fill('隐私政策（2026 年 12 月修订）');
    // The body in the rich-text editor: all of it replaced by what is typed.
    await publisher.locator('trix-editor').click();
    await publisher.keyboard.press('Control+A');
    await publisher.keyboard.type('本次修订说明了 Cookie 的用途。');
    await publisher.getByRole('button', { name: '保存草稿' }).click();
    await expect(publisher.getByRole('status')).toContainText('草稿已保存');

    const visitor = await browser.newPage();
    await visitor.goto(`${own.url}/help?id=49`);
    await expect(visitor.getByText('本次修订说明了 Cookie 的用途')).toHaveCount(0);
    const [preview] = await Promise.all([
      publisher.context().waitForEvent('page'),
      publisher.getByRole('link', { name: '预览草稿（新窗口）' }).click(),
    ]);
    await expect(preview.getByText('本次修订说明了 Cookie 的用途。')).toBeVisible();
    await preview.close();

    await publisher.getByRole('button', { name: '发布草稿' }).click();
    await expect(publisher.getByRole('status')).toContainText('已发布');
    await visitor.goto(`${own.url}/help?id=49`);
    await expect(visitor.getByRole('heading', { name: '隐私政策（2026 年 12 月修订）' })).toBeVisible();
    await expect(visitor.getByText('本次修订说明了 Cookie 的用途。')).toBeVisible();
    await Promise.all([visitor.close(), publisher.close()]);
  });

  test('layout of the pages’ desks at 390 and 1440 px, by keyboard', async ({ browser }, testInfo) => {
    const report = new LayoutReport('the pages’ desks (/studio)');
    for (const device of PAGE_WIDTHS.map(screen))
      await onScreen(browser, device, async (page) => {
        await signIn(page, own.url, STUDIO_ADMIN.login, STUDIO_ADMIN.password);
        for (const [path, name] of [
          ['/studio/common/1', 'the common data (check boxes)'],
          ['/studio/help', 'the help articles'],
          ['/studio/topics/1', 'the battery topic (lists one a line)'],
          ['/studio/innovation/1', 'an innovation category'],
        ] as const) {
          await page.goto(`${own.url}${path}`);
          await quiet(page);
          const state = `${device.label}, ${name}`;
          report.add(state, await auditWithKeyboard(page, state, device));
        }
        await page.goto(`${own.url}/studio/sections/new`);
        await page.getByRole('button', { name: '保存草稿' }).click();
        await expect(page.getByRole('alert')).toBeVisible();
        await quiet(page);
        const refused = `${device.label}, a refused new section`;
        report.add(refused, await auditWithKeyboard(page, refused, device));
      });
    await report.finish(testInfo);
  });
});
