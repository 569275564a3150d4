import type { Page } from '@playwright/test';
import { axeViolations, expect, portalUrl, test } from './fixtures';

const demoUrl = (name: 'CONSOLE' | 'PARTNER' | 'GALLERY') => {
  const url = process.env[`DEMO_${name}_URL`];
  if (!url) throw new Error(`DEMO_${name}_URL is not set: run the tests through playwright.config.ts`);
  return url;
};

/** The local agent inbox's password (README, settings). */
const AGENT_PASSWORD = 'Agent@2026';

const loginState = (page: Page) => page.locator('portal-login [data-state]').first();

/** Signs in with the account service's form, starting from the sign-in button on `page`. */
async function signIn(page: Page, username = 'demo') {
  await page.locator('portal-login').first().getByRole('button', { name: '登录', exact: true }).click();
  await page.getByLabel('账号', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill('Demo@2026');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(loginState(page)).toHaveAttribute('data-state', 'signed-in', { timeout: 10_000 });
}

test.describe('the console demo on its own origin shares the portal sign-in', () => {
  // Two or three origins, several navigations and a hub round trip at each: 7 s
  // alone, up to 20 s beside a second worker on a 2-core runner.
  test.slow();

  test('signing in on the portal signs the open console in; signing out in the console signs out both', async ({
    context,
    problems,
  }) => {
    const consolePage = await context.newPage();
    await consolePage.goto(demoUrl('CONSOLE'));
    await expect(loginState(consolePage)).toHaveAttribute('data-state', 'signed-out', { timeout: 10_000 });

    const portal = await context.newPage();
    await portal.goto(`${portalUrl()}/home`);
    await signIn(portal);

    // The console hears it through the account service's hub, without a reload.
    await expect(loginState(consolePage)).toHaveAttribute('data-state', 'signed-in', { timeout: 10_000 });
    await expect(consolePage.getByTestId('session')).toHaveText(/已登录/);
    await expect(consolePage.getByRole('log')).toContainText('portal-login-signed-in');

    await consolePage.locator('portal-login').getByRole('button', { name: '退出登录' }).click();
    await expect(consolePage).toHaveURL(new RegExp(`^${demoUrl('CONSOLE')}/?$`));
    await expect(loginState(consolePage)).toHaveAttribute('data-state', 'signed-out', { timeout: 10_000 });
    await expect(loginState(portal)).toHaveAttribute('data-state', 'signed-out', { timeout: 10_000 });
    // And it stays so after a reload: the portal's own stored sign-in is gone too. The
    // page's light check finds no one, so the sign-in's code never comes: the server's
    // markup shows 登录 by itself.
    await portal.reload();
    await expect(portal.locator('portal-login').getByRole('button', { name: '登录', exact: true })).toBeVisible({
      timeout: 10_000,
    });
    await expect(portal.locator('portal-login').getByRole('button', { name: '退出登录' })).toHaveCount(0);
    expect(problems.errors).toEqual([]);
  });

  test('a console opened later is signed in from the hub; signing out on the portal signs it out', async ({
    context,
  }) => {
    const portal = await context.newPage();
    await portal.goto(`${portalUrl()}/home`);
    await signIn(portal);

    const consolePage = await context.newPage();
    await consolePage.goto(`${demoUrl('CONSOLE')}/orders`);
    await expect(loginState(consolePage)).toHaveAttribute('data-state', 'signed-in', { timeout: 10_000 });

    await portal.locator('portal-login').first().getByRole('button', { name: '退出登录' }).click();
    // The portal's page comes back signed out: its light check finds no one, so the
    // server's markup shows 登录 with no sign-in code loaded.
    await expect(portal.locator('portal-login').getByRole('button', { name: '登录', exact: true })).toBeVisible({
      timeout: 10_000,
    });
    await expect(loginState(consolePage)).toHaveAttribute('data-state', 'signed-out', { timeout: 10_000 });
    await expect(consolePage.getByRole('log')).toContainText('portal-login-signed-out');
  });

  test('shows the pending agreements of the signed-in user inside the console; declining signs out', async ({
    page,
    problems,
  }) => {
    await page.goto(`${demoUrl('CONSOLE')}/orders`);
    await expect(loginState(page)).toHaveAttribute('data-state', 'signed-out', { timeout: 10_000 });
    await signIn(page, 'newterms');
    await expect(page).toHaveURL(new RegExp(`^${demoUrl('CONSOLE')}/orders`));
    const first = page.getByRole('dialog', { name: '数据处理协议' });
    await expect(first).toBeVisible();
    await first.getByRole('button', { name: '同意并继续' }).click();
    await expect(page.getByRole('log')).toContainText('portal-agreement-dialog-accepted');
    const second = page.getByRole('dialog', { name: '平台服务协议' });
    await expect(second).toBeVisible();
    await second.getByRole('button', { name: '不同意' }).click();
    // Declining signs out through the account service, which sends the user back here.
    await expect(loginState(page)).toHaveAttribute('data-state', 'signed-out', { timeout: 10_000 });
    await expect(page).toHaveURL(new RegExp(`^${demoUrl('CONSOLE')}/orders`));
    await expect(second).toBeHidden();
    expect(problems.errors).toEqual([]);
  });

  test('moves between client-side routes without reloading, keeping the sign-in widget', async ({ page, problems }) => {
    await page.goto(demoUrl('CONSOLE'));
    await expect(loginState(page)).toHaveAttribute('data-state', 'signed-out', { timeout: 10_000 });
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('link', { name: '协议' }).click();
    await expect(page).toHaveURL(/\/agreements$/);
    await expect(page.getByRole('heading', { name: '协议', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: '概览', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await expect(loginState(page)).toHaveAttribute('data-state', 'signed-out');
    expect(problems.errors).toEqual([]);
  });
});

test('the partner page adds the widgets with one script tag under a strict CSP, without errors', async ({
  page,
  problems,
}) => {
  const response = await page.goto(demoUrl('PARTNER'));
  expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");
  await expect(page.getByRole('region', { name: 'Cookie 使用提示' })).toBeVisible();
  await expect(page.locator('portal-float-buttons').getByRole('button').first()).toBeVisible();

  // The chat, from chat.js alone: the launcher, then the panel, talking to the portal's chat service.
  // The cookie notice lies over the page's foot until the visitor answers it.
  await page.getByRole('region', { name: 'Cookie 使用提示' }).getByRole('button', { name: '同意' }).click();
  const launcher = page.locator('portal-chat-launcher').getByRole('button', { name: '在线客服' });
  await launcher.click();
  const panel = page.getByRole('dialog', { name: '在线客服' });
  const input = panel.getByRole('textbox', { name: '输入消息' });
  await input.fill('合作伙伴页面上的咨询');
  await input.press('Enter');
  await expect(panel.getByText('合作伙伴页面上的咨询')).toBeVisible();
  await expect(panel.getByRole('alert')).toHaveCount(0);
  expect(problems.errors).toEqual([]);
});

test('signed in on the portal, the partner page’s chat knows the user: it asks the hub, and the agent sees the name', async ({
  page,
  context,
  problems,
}) => {
  // Two origins, a sign-in and a hub round trip.
  test.slow();
  const portal = await context.newPage();
  await portal.goto(`${portalUrl()}/home`);
  await signIn(portal);

  // The partner page carries only chat.js: no sign-in element, yet its origin is registered with the account service.
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(response.url());
  });
  await page.goto(demoUrl('PARTNER'));
  await page.getByRole('region', { name: 'Cookie 使用提示' }).getByRole('button', { name: '同意' }).click();
  await page.locator('portal-chat-launcher').getByRole('button', { name: '在线客服' }).click();
  const panel = page.getByRole('dialog', { name: '在线客服' });
  const text = `合作伙伴页面上登录用户的咨询 ${Date.now()}`;
  await panel.getByRole('textbox', { name: '输入消息' }).fill(text);
  await panel.getByRole('textbox', { name: '输入消息' }).press('Enter');
  await expect(panel.getByText(text)).toBeVisible();

  const inbox = await context.newPage();
  // Searched for: the tests' visitors share one address, whose conversations the list folds into one row.
  await inbox.goto(`${portalUrl()}/chat/agent?q=${encodeURIComponent(text)}`);
  await inbox.getByLabel('客服密码').fill(AGENT_PASSWORD);
  await inbox.getByRole('button', { name: '登录' }).click();
  // The search finds this one conversation (its row shows its last message: the user's details may come after the text).
  const found = inbox.getByRole('navigation', { name: '会话列表' }).locator('li a.entry');
  await expect(found).toHaveCount(1);
  await found.click();
  const conversation = inbox.locator('section.conversation');
  await expect(conversation.locator('.messages')).toContainText(text);
  await expect(conversation.getByRole('heading', { level: 2 })).toHaveText('张明');
  await expect(conversation.locator('header')).toContainText(`已登录账号`);
  await expect(conversation.locator('header')).toContainText(`来自 ${new URL(demoUrl('PARTNER')).origin}`);
  expect(refused).toEqual([]);
  expect(problems.errors).toEqual([]);
});

for (const lang of ['zh-CN', 'en'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the gallery renders every element of the manifest (${lang}, ${theme}) without errors`, async ({
      page,
      problems,
    }) => {
      const manifest = await (await page.request.get(`${portalUrl()}/widgets/custom-elements.json`)).json();
      type Declaration = { tagName: string; attributes?: { name: string }[] };
      const declarations: Declaration[] = manifest.modules.flatMap(
        (m: { declarations: Declaration[] }) => m.declarations,
      );
      const tags = declarations.map((d) => d.tagName);
      await page.goto(`${demoUrl('GALLERY')}/?lang=${lang}&theme=${theme}`);
      await expect(page.locator('main')).toHaveAttribute('aria-busy', 'false');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      expect(await page.locator('main').getAttribute('data-elements')).toBe(tags.join(' '));
      // Every element of the manifest is defined, and the page shows no portal element it does not list.
      await page.waitForFunction((all) => all.every((tag) => customElements.get(tag)), tags);
      const unlisted = await page.evaluate(
        (all) =>
          [...new Set([...document.querySelectorAll('*')].map((e) => e.localName))].filter(
            (name) => name.startsWith('portal-') && !all.includes(name),
          ),
        tags,
      );
      expect(unlisted).toEqual([]);
      // Each has its shadow root; all but the agreement dialog (nothing pending for a visitor) show something.
      const rendered = await page.evaluate(
        (all) =>
          all.map((tag) => [tag, document.querySelector(`section#${tag} ${tag}`)?.shadowRoot?.childElementCount ?? -1]),
        tags,
      );
      for (const [tag, children] of rendered as [string, number][]) {
        expect(children, tag).toBeGreaterThan(tag === 'portal-agreement-dialog' ? -1 : 0);
      }
      // Each element that takes a language or a theme is shown in the chosen one.
      for (const { tagName, attributes = [] } of declarations) {
        const element = page.locator(`section#${tagName} > .views > .stage > ${tagName}`).first();
        if (attributes.some((a) => a.name === 'lang')) await expect(element, tagName).toHaveAttribute('lang', lang);
        if (attributes.some((a) => a.name === 'theme')) await expect(element, tagName).toHaveAttribute('theme', theme);
      }
      await expect(page.locator('section#portal-header .stage').first()).toHaveClass(new RegExp(`\\b${theme}\\b`));
      // The gallery is a page developers read: it passes axe (contrast included) in both themes.
      expect(await axeViolations(page)).toEqual([]);
      await expect(
        page.locator('section#portal-cookie-notice portal-cookie-notice').getByRole('region'),
      ).toHaveAccessibleName(lang === 'en' ? 'Cookie notice' : 'Cookie 使用提示');
      expect(problems.errors).toEqual([]);
    });
  }
}
