import { type BrowserContextOptions, devices, type Locator, type Page } from '@playwright/test';
import { axeViolations, expect, pointAt, portalUrl, settled, test } from './fixtures';
import { installToolkit } from './layout/dom';

/**
 * The layers that float over the page (floating buttons, chat launcher and panel,
 * cookie notice) as a visitor's finger and pointer meet them: at each width, what
 * lies on top at the centre of every control is that control, nothing fixed
 * overlaps, taps on 发送 and ✕ do what they say, and buttons are big enough to hit.
 */

interface Screen {
  width: number;
  height: number;
  /** A phone: its user agent, touch, a mobile viewport. */
  phone?: 'iPhone 13' | 'Pixel 5';
  touch?: boolean;
}

const SCREENS: Screen[] = [
  { width: 360, height: 740, phone: 'Pixel 5' },
  { width: 390, height: 844, phone: 'iPhone 13' },
  { width: 768, height: 1024, touch: true },
  { width: 1023, height: 768 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];
/** The home page (light), a product (dark, with its own chat button) and an article. */
const PAGES = ['/', '/product/1', '/news/1'];
/** SPEC §9: the app-wide mobile breakpoint. */
const MOBILE_MAX = 1023;
const MIN_TARGET = 44;

const contextOptions = (screen: Screen): BrowserContextOptions => ({
  baseURL: portalUrl(),
  locale: 'zh-CN',
  viewport: { width: screen.width, height: screen.height },
  hasTouch: Boolean(screen.phone || screen.touch),
  ...(screen.phone && {
    userAgent: devices[screen.phone].userAgent,
    isMobile: true,
    deviceScaleFactor: 2,
  }),
});

/** A control of a floating layer as the page lays it out, and what is on top at its centre. */
interface Control {
  layer: string;
  name: string;
  tag: string;
  rect: { left: number; top: number; right: number; bottom: number; width: number; height: number };
  centre: { x: number; y: number };
  /** The control (or something inside it) is what a tap at its centre reaches. */
  onTop: boolean;
  /** What a tap at its centre reaches instead. */
  hit: string;
  /** Inside the chat panel while it covers the whole screen. */
  inModal: boolean;
}

/** Every visible control of the floating layers, hit-tested through the shadow roots. */
async function floatingControls(page: Page): Promise<Control[]> {
  await installToolkit(page);
  return page.evaluate(() => {
    const { deepHit } = window.__layout!;
    const nameOf = (element: Element | null): string => {
      if (!element) return 'nothing';
      const root = element.getRootNode();
      const host = root instanceof ShadowRoot ? `${root.host.localName} ` : '';
      const label = element.getAttribute('aria-label') ?? element.getAttribute('part') ?? element.getAttribute('class');
      return `${host}${element.localName}${label ? `「${String(label).slice(0, 24)}」` : ''}`;
    };
    const dialog = document
      .querySelector('portal-chat-launcher')
      ?.shadowRoot?.querySelector<HTMLElement>('[role="dialog"]:not([hidden])');
    const box = dialog?.getBoundingClientRect();
    const fullScreen = Boolean(box && box.width >= innerWidth - 1 && box.height >= innerHeight - 1);
    const controls = [];
    for (const host of document.querySelectorAll(
      'portal-float-buttons, portal-chat-launcher, #cookie-notice, portal-cookie-notice',
    )) {
      for (const control of host.shadowRoot?.querySelectorAll<HTMLElement>(
        'button, a[href], textarea, input, select, [tabindex="0"]',
      ) ?? []) {
        if (!control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        // An inline link that wraps is hit on its first line.
        const rect = control.localName === 'a' ? control.getClientRects()[0] : control.getBoundingClientRect();
        if (!rect || rect.width === 0 || rect.height === 0) continue;
        const centre = { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
        // A card scrolled out of the history is not on screen.
        const list = control.closest('.messages');
        if (list && list !== control) {
          const shown = list.getBoundingClientRect();
          if (centre.y < shown.top || centre.y > shown.bottom) continue;
        }
        const hit = deepHit(centre.x, centre.y);
        const inPanel = Boolean(dialog?.contains(control));
        controls.push({
          layer: inPanel ? 'chat panel' : host.id || host.localName.replace('portal-', ''),
          name: nameOf(control),
          tag: control.localName,
          rect: {
            left: rect.left,
            top: rect.top,
            right: rect.right,
            bottom: rect.bottom,
            width: rect.width,
            height: rect.height,
          },
          centre,
          onTop: Boolean(hit && (hit === control || control.contains(hit))),
          hit: nameOf(hit),
          inModal: fullScreen && inPanel,
        });
      }
    }
    return controls;
  });
}

/** What is wrong with the floating layers right now, in words; none when all is well. */
async function layerProblems(page: Page): Promise<string[]> {
  const controls = await floatingControls(page);
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  const modal = controls.some((control) => control.inModal);
  const problems: string[] = [];
  const inView = ({ centre }: Control) => centre.x >= 0 && centre.y >= 0 && centre.x < width && centre.y < height;
  // While the chat covers the screen, the layers behind it are meant to be out of reach.
  const visible = controls.filter((c) => !modal || c.inModal || c.onTop);
  for (const control of visible) {
    if (modal && !control.inModal) problems.push(`${control.name} shows over the full-screen chat`);
    else if (!inView(control)) problems.push(`${control.name} is off screen`);
    else if (!control.onTop) problems.push(`${control.name} is covered by ${control.hit}`);
    if (width <= MOBILE_MAX && control.tag === 'button') {
      const { width: w, height: h } = control.rect;
      if (w < MIN_TARGET - 0.5 || h < MIN_TARGET - 0.5)
        problems.push(`${control.name} is ${Math.round(w)}×${Math.round(h)} px, under ${MIN_TARGET}×${MIN_TARGET}`);
    }
  }
  const nested = (a: Control, b: Control) =>
    a.rect.left <= b.rect.left &&
    a.rect.right >= b.rect.right &&
    a.rect.top <= b.rect.top &&
    a.rect.bottom >= b.rect.bottom;
  for (const [i, a] of visible.entries()) {
    for (const b of visible.slice(i + 1)) {
      // The history list holds its card links.
      if (nested(a, b) || nested(b, a)) continue;
      const overlap =
        Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left) > 0.5 &&
        Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top) > 0.5;
      if (overlap) problems.push(`${a.name} overlaps ${b.name}`);
    }
  }
  return problems;
}

const softly = expect.configure({ soft: true, timeout: 3000 });

/** Checks the layers, giving the page a moment to finish moving; failures are collected, the walk goes on. */
async function checkLayers(page: Page, where: string) {
  await softly
    .poll(async () => (await layerProblems(page)).map((problem) => `${where}: ${problem}`), {
      message: `floating layers at ${where}`,
    })
    .toEqual([]);
}

const launcher = (page: Page) => page.locator('portal-chat-launcher button.launcher');
const panel = (page: Page) => page.locator('portal-chat-launcher [role="dialog"]');
/** The portal's pages draw the cookie notice themselves (`#cookie-notice`, host/pages/cookie-notice.tsx). */
const NOTICE_HOST = ':is(#cookie-notice, portal-cookie-notice)';
const notice = (page: Page) => page.locator(`${NOTICE_HOST} section`);

/** A real tap (or click, without touch) at the centre of what the visitor sees, wherever it lands. */
async function tapCentre(page: Page, target: Locator, touch: boolean) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to tap: the control is not laid out');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

/** The notice is in, and nothing of it is moving. */
async function noticeShown(page: Page) {
  await expect(notice(page)).toBeVisible();
  await page.waitForFunction(() =>
    document
      .querySelector(':is(#cookie-notice, portal-cookie-notice)')
      ?.shadowRoot?.querySelector('section')
      ?.getAnimations()
      .every((animation) => animation.playState !== 'running'),
  );
}

/** Opens or closes the chat the way a page may, whatever is on screen (so a failed tap does not end the walk). */
const chatCall = (page: Page, method: 'open' | 'close') =>
  page.evaluate((name) => {
    const win = window as Window & { portalChat?: { push(call: [string]): void } };
    win.portalChat?.push([name]);
  }, method);

/** Opens the chat with a tap on the launcher; the chat opens whatever the tap reached, so later checks can go on. */
async function openByTap(page: Page, touch: boolean, where: string) {
  await tapCentre(page, launcher(page), touch);
  await softly(panel(page), `${where}: a tap on the launcher opens the chat`).toBeVisible({ timeout: 10_000 });
  if (!(await panel(page).isVisible())) await chatCall(page, 'open');
  await expect(panel(page)).toBeVisible({ timeout: 10_000 });
}

/** Types a message and taps 发送: it must reach the history (stored, no longer "sending"). */
async function sendByTap(page: Page, touch: boolean, text: string, where: string) {
  await panel(page).getByRole('textbox', { name: '输入消息' }).fill(text);
  await tapCentre(page, panel(page).getByRole('button', { name: '发送' }), touch);
  const sent = panel(page).locator('li.message.visitor', { hasText: text });
  await softly(sent, `${where}: a tap on 发送 sends the message`).toBeVisible();
  await softly(sent.locator('.note'), `${where}: the message reaches the history`).toHaveCount(0, { timeout: 10_000 });
  if (!(await panel(page).isVisible())) await chatCall(page, 'open');
}

async function closeByTap(page: Page, touch: boolean, where: string) {
  await expect(panel(page)).toBeVisible();
  await tapCentre(page, panel(page).getByRole('button', { name: '关闭在线客服' }), touch);
  await softly(panel(page), `${where}: a tap on ✕ closes the chat`).toBeHidden();
  if (await panel(page).isVisible()) await chatCall(page, 'close');
  await expect(panel(page)).toBeHidden();
}

/** The open mobile menu's foot and last entry are the header's: nothing floating lies over them. */
async function checkMenuBottom(page: Page, touch: boolean, where: string) {
  const toggle = page.locator('portal-header button[aria-controls="menu"]');
  await tapCentre(page, toggle, touch);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 10_000 });
  const menu = page.locator('portal-header #menu');
  await menu.evaluate((nav) => nav.scrollTo(0, nav.scrollHeight));
  const covered = await menu.evaluate((nav) => {
    const owner = (x: number, y: number) => {
      let hit = document.elementFromPoint(x, y);
      while (hit?.shadowRoot) {
        const inner = hit.shadowRoot.elementFromPoint(x, y);
        if (!inner || inner === hit) break;
        hit = inner;
      }
      const root = hit?.getRootNode();
      return root instanceof ShadowRoot ? root.host.localName : (hit?.localName ?? 'nothing');
    };
    const links = nav.querySelectorAll('a');
    const last = links[links.length - 1]?.getBoundingClientRect();
    const box = nav.getBoundingClientRect();
    const bottom = Math.min(box.bottom, innerHeight) - 4;
    const points: Array<[string, number, number]> = [['its foot', box.left + box.width / 2, bottom]];
    if (last) points.push(['its last entry', last.left + last.width / 2, last.top + last.height / 2]);
    return points
      .map(([name, x, y]) => [name, owner(x, y)])
      .filter(([, top]) => top !== 'portal-header')
      .map(([name, top]) => `${name} is under ${top}`);
  });
  softly(covered, `${where}: the open mobile menu`).toEqual([]);
  await tapCentre(page, toggle, touch);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
}

test.describe.configure({ timeout: 180_000 });

for (const screen of SCREENS) {
  test(`${screen.width} px${screen.phone ? ` (${screen.phone})` : ''}: every floating control is on top where it is tapped, nothing overlaps, 发送 sends and ✕ closes`, async ({
    browser,
  }) => {
    const context = await browser.newContext(contextOptions(screen));
    const page = await context.newPage();
    const touch = Boolean(screen.phone || screen.touch);
    const { width } = screen;
    for (const path of PAGES) {
      const at = (state: string) => `${width}px ${path} ${state}`;
      await context.clearCookies();
      await page.goto(path);
      await settled(page);
      await noticeShown(page);
      await checkLayers(page, at('notice shown, chat closed'));
      if (width <= MOBILE_MAX && path === '/') await checkMenuBottom(page, touch, at('notice shown'));

      await openByTap(page, touch, at('notice shown'));
      await checkLayers(page, at('notice shown, chat open'));
      await sendByTap(page, touch, `${width}px ${path} 通知栏在时发送`, at('notice shown'));
      await closeByTap(page, touch, at('notice shown'));

      await tapCentre(page, page.locator(`${NOTICE_HOST} button.agree`), touch);
      await softly(notice(page), `${at('')}: a tap on 同意 agrees`).toHaveCount(0);
      if (await notice(page).count()) {
        await context.addCookies([{ name: 'cookie-agree', value: 'true', url: portalUrl() }]);
        await page.reload();
        await settled(page);
      }
      await checkLayers(page, at('agreed, chat closed'));
      await openByTap(page, touch, at('agreed'));
      await checkLayers(page, at('agreed, chat open'));
      await sendByTap(page, touch, `${width}px ${path} 同意后发送`, at('agreed'));
      await closeByTap(page, touch, at('agreed'));
    }
    await context.close();
  });
}

test('one way into the chat: the launcher, with the floating buttons keeping back-to-top', async ({ page }) => {
  await page.goto('/');
  await settled(page);
  await expect(page.locator('portal-chat-launcher').getByRole('button', { name: '在线客服' })).toBeVisible();
  await expect(page.locator('portal-float-buttons').getByRole('button', { name: '返回顶部' })).toBeVisible();
  await expect(page.locator('portal-float-buttons').getByRole('button', { name: '联系我们' })).toHaveCount(0);
  // The same once their code has come and taken over the server's markup.
  await pointAt(page, 'portal-float-buttons');
  // Hydrated: the server's inline style goes in the same task.
  await page.waitForFunction(() => !document.querySelector('portal-float-buttons')?.shadowRoot?.querySelector('style'));
  await expect(page.locator('portal-float-buttons').getByRole('button', { name: '返回顶部' })).toBeVisible();
  await expect(page.locator('portal-float-buttons').getByRole('button', { name: '联系我们' })).toHaveCount(0);
});

for (const screen of [SCREENS[1] as Screen, { width: 1280, height: 800 }]) {
  test(`${screen.width} px: focus goes into the chat, stays there, and Escape gives it back to what opened it`, async ({
    browser,
  }) => {
    const context = await browser.newContext(contextOptions(screen));
    await context.addCookies([{ name: 'cookie-agree', value: 'true', url: portalUrl() }]);
    const page = await context.newPage();
    await page.goto('/product/1');
    await settled(page);
    const consult = page.getByRole('button', { name: '在线咨询' });
    await consult.focus();
    await page.keyboard.press('Enter');
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByRole('textbox', { name: '输入消息' })).toBeFocused();
    const inPanel = () =>
      page.evaluate(() => {
        const root = document.querySelector('portal-chat-launcher')?.shadowRoot;
        const inside = Boolean(
          root?.activeElement && root.querySelector('[role="dialog"]')?.contains(root.activeElement),
        );
        // Where focus went instead, for the failure message.
        return inside || `${document.activeElement?.localName} ${root?.activeElement?.localName}`;
      });
    if (screen.width <= MOBILE_MAX) {
      await expect(launcher(page)).toBeHidden();
      for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Tab', 'Tab']) {
        await page.keyboard.press(key);
        expect(await inPanel(), `after ${key}`).toBe(true);
      }
    }
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(consult).toBeFocused();

    // Opened from the launcher, it goes back to the launcher.
    await launcher(page).focus();
    await page.keyboard.press('Enter');
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByRole('textbox', { name: '输入消息' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
    await context.close();
  });
}

for (const [screen, path, theme] of [
  [SCREENS[1] as Screen, '/', 'light'],
  [SCREENS[1] as Screen, '/product/1', 'dark'],
  [{ width: 1440, height: 900 }, '/', 'light'],
  [{ width: 1440, height: 900 }, '/product/1', 'dark'],
] as const) {
  test(`${screen.width} px ${theme}: the floating layers pass axe, notice shown, chat closed and open (screenshots)`, async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext(contextOptions(screen));
    const page = await context.newPage();
    await page.goto(path);
    await settled(page);
    await noticeShown(page);
    const shot = async (state: string) =>
      page.screenshot({ path: testInfo.outputPath(`${screen.width}-${theme}-${state}.png`) });
    await shot('notice-chat-closed');
    softly(await axeViolations(page), 'axe, notice shown, chat closed').toEqual([]);
    await launcher(page).click();
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByText('客服')).not.toHaveCount(0);
    await shot('notice-chat-open');
    softly(await axeViolations(page), 'axe, notice shown, chat open').toEqual([]);
    await context.close();
  });
}
