import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { launchChromium } from '../bench/browser';
import { DEMO_PASSWORD } from '../e2e/accounts';
import { type PortalProcess, startPortalProcess } from '../e2e/portal-process';
import { indexPage, type Shot } from './shots/index-page';
import { PAGES, PHONE_USER_AGENT, type Servers, type ShotPage, shotFile, WIDTHS, type Width } from './shots/pages';

/**
 * `npm run shots`: builds the widgets if their sources changed, starts the real
 * server (`local`, as `npm start`), and takes a full-page screenshot of every page
 * kind at 390 (a phone), 1024 and 1440 px, into `SHOTS_DIR` (default `shots/`)
 * with an index.html to look through them. `SHOTS_BEFORE=<an earlier run's folder>`
 * marks each shot changed or unchanged against it.
 */

const dir = resolve(process.env.SHOTS_DIR || 'shots');
const beforeDir = process.env.SHOTS_BEFORE ? resolve(process.env.SHOTS_BEFORE) : undefined;
const AGENT_PASSWORD = process.env.CHAT_AGENT_PASSWORD || 'Agent@2026';
const WIDGETS_DIR = 'dist/widgets';
const log = (message: string) => console.error(`[shots] ${message}`);

function warnWithoutCjkFont() {
  let fonts = '';
  try {
    fonts = execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).trim();
  } catch {}
  if (!fonts)
    log(
      'WARNING: no CJK font found (fc-list :lang=zh): Chinese text renders as boxes in the shots. Install one, e.g. apt-get install -y fonts-noto-cjk.',
    );
}

/** The newest change under the build's inputs. */
function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

function buildIfNeeded() {
  const manifest = join(WIDGETS_DIR, 'manifest.json');
  const inputs = ['widgets', 'contract', 'build', 'rollup.config.ts', 'package-lock.json'];
  if (existsSync(manifest) && Math.max(...inputs.map(newestChange)) <= statSync(manifest).mtimeMs) return;
  log('building the widgets (their sources changed since the last build)');
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: ['ignore', process.stderr, 'inherit'] });
}

/**
 * Signs `demo` in to the portal and the console and the agent in to the inbox,
 * places one order for the order pages, and gives a conversation to the inbox;
 * returns the browser state to start signed-in shots from.
 */
async function signedInState(browser: Browser, servers: Servers) {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const signInForm = async () => {
    await page.getByRole('heading', { name: '登录智造云' }).waitFor();
    await page.getByLabel('账号', { exact: true }).fill('demo');
    await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
  };
  try {
    await page.goto(`${servers.portal}/product/1`);
    await page.locator('portal-login').getByRole('button', { name: '登录' }).click();
    await signInForm();
    await page.locator('portal-login').getByRole('button', { name: '退出登录' }).waitFor();

    await page.goto(`${servers.console}/welcome`);
    const welcome = page.getByRole('heading', { name: '控制台首页' });
    await welcome.or(page.getByRole('heading', { name: '登录智造云' })).waitFor();
    if (!(await welcome.isVisible())) await signInForm();
    await welcome.waitFor();

    await page.goto(`${servers.portal}/chat/agent`);
    await page.getByLabel('客服密码').fill(AGENT_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((url) => url.pathname === '/chat/agent');
    await fetch(`${servers.portal}/api/chat/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: servers.portal, 'X-Chat-Visitor': randomString() },
      body: JSON.stringify({ kind: 'text', text: '你好，想了解设备物联平台的部署方式' }),
    });

    let orderNo: string | null = null;
    try {
      await page.goto(`${servers.portal}/order/create?productId=1`);
      const form = page.locator('portal-order-form');
      await page.waitForFunction(() => {
        const input = document.querySelector('portal-order-form')?.shadowRoot?.querySelector('input');
        return Boolean(input?.value);
      });
      await form.getByRole('button', { name: '提交订单' }).click();
      await page.waitForURL(/\/order\/success\?orderNo=/);
      orderNo = new URL(page.url()).searchParams.get('orderNo');
    } catch (error) {
      log(`WARNING: no order placed, the order pages that show one are left out: ${firstLine(error)}`);
    }
    return { state: await context.storageState(), orderNo };
  } finally {
    await context.close();
  }
}

const randomString = () => randomBytes(16).toString('base64url');
const firstLine = (error: unknown) => String(error instanceof Error ? error.message : error).split('\n')[0] ?? '';

/**
 * Scrolls through the page (lazy images, elements that load on scroll) and back
 * to the top, then waits for images and fonts (5 s at most). Sent as text: the
 * names tsx gives functions do not exist in the page.
 */
const SETTLE = `(async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(done));
  for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight * 0.8) {
    scrollTo(0, y);
    await frame();
  }
  scrollTo(0, 0);
  const pending = [...document.images].filter((image) => !image.complete);
  const loaded = Promise.all(pending.map((image) => new Promise((done) => image.addEventListener('loadend', done))));
  await Promise.race([Promise.all([loaded, document.fonts.ready]), new Promise((done) => setTimeout(done, 5000))]);
})()`;

async function settle(page: Page) {
  await page.evaluate(SETTLE);
  // The header follows the scrolling through a 200 ms throttle (SPEC §9): let it come back.
  await page.waitForTimeout(300);
}

/** Whether any of the page's style sheets (its shadow roots' too) speaks of prefers-color-scheme. */
const DARK_RULES = `(() => {
  const sheets = [...document.styleSheets, ...document.adoptedStyleSheets];
  for (const element of document.querySelectorAll('*'))
    if (element.shadowRoot) sheets.push(...element.shadowRoot.styleSheets, ...element.shadowRoot.adoptedStyleSheets);
  const speaks = (rules) =>
    [...rules].some(
      (rule) =>
        (rule instanceof CSSMediaRule && rule.conditionText.includes('prefers-color-scheme')) ||
        ('cssRules' in rule && speaks(rule.cssRules)),
    );
  return sheets.some((sheet) => {
    try {
      return speaks(sheet.cssRules);
    } catch {
      return false;
    }
  });
})()`;
const hasDarkRules = (page: Page) => page.evaluate(DARK_RULES) as Promise<boolean>;

interface Job {
  page: ShotPage;
  width: Width;
}

async function shoot(
  browser: Browser,
  servers: Servers,
  state: BrowserContextOptions['storageState'],
  job: Job,
): Promise<Shot[]> {
  const address = job.page.address(servers);
  const base = { page: job.page.name, title: job.page.title, width: job.width.width };
  if (!address)
    return [{ ...base, address: '', scheme: 'light', file: null, status: null, problems: ['not shot: no address'] }];
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: job.width.width, height: job.width.height },
    deviceScaleFactor: 1,
    ...(job.width.phone ? { userAgent: PHONE_USER_AGENT, isMobile: true, hasTouch: true } : {}),
    storageState: job.page.signedIn ? state : undefined,
  });
  if (!job.page.cookieNotice) await context.addCookies([{ name: 'cookie-agree', value: 'true', url: servers.portal }]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`script error: ${firstLine(error)}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      problems.push(`console: ${message.text().slice(0, 200)}`);
  });
  page.on('requestfailed', (request) => {
    // Aborted: cut off by the next navigation, not failed.
    const reason = request.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') problems.push(`failed: ${request.url()} (${reason})`);
  });
  page.on('response', (response) => {
    const request = response.request();
    const document = request.isNavigationRequest() && request.frame().parentFrame() === null;
    if (response.status() >= 400 && !document) problems.push(`${response.status()}: ${response.url()}`);
  });
  const shots: Shot[] = [];
  const take = async (scheme: 'light' | 'dark', url: string, status: number | null) => {
    await settle(page);
    const overflow = (await page.evaluate('document.documentElement.scrollWidth - innerWidth')) as number;
    const noted = overflow > 0 ? [...problems, `wider than the screen by ${overflow}px`] : [...problems];
    const file = shotFile(job.page.name, job.width.width, scheme);
    await page.screenshot({ path: join(dir, file), fullPage: true, animations: 'disabled', caret: 'hide' });
    shots.push({ ...base, address: url, scheme, file, status, problems: noted });
  };
  try {
    const response = await page.goto(address, { waitUntil: 'load', timeout: 30_000 });
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
    await job.page.prepare?.(page);
    await take('light', address, response?.status() ?? null);
    const dark = job.page.darkAddress?.(servers);
    if (dark) {
      const answer = await page.goto(dark, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
      await take('dark', dark, answer?.status() ?? null);
    } else if (await hasDarkRules(page)) {
      await page.emulateMedia({ colorScheme: 'dark' });
      await take('dark', address, response?.status() ?? null);
    }
  } catch (error) {
    shots.push({
      ...base,
      address,
      scheme: 'light',
      file: null,
      status: null,
      problems: [...problems, firstLine(error)],
    });
  } finally {
    page.removeAllListeners();
    await context.close();
  }
  return shots;
}

/** Against an earlier run: the same file name, the same bytes or not. */
function compareWithBefore(shots: Shot[]) {
  if (!beforeDir) return;
  for (const shot of shots) {
    if (!shot.file) continue;
    const earlier = join(beforeDir, shot.file);
    const hash = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
    shot.before = existsSync(earlier)
      ? { file: relative(dir, earlier), changed: hash(earlier) !== hash(join(dir, shot.file)) }
      : null;
  }
}

/** Removes the files of the last run in `dir` that this run did not write again (nothing else there). */
function removeStale(shots: Shot[]) {
  const listing = join(dir, 'shots.json');
  if (!existsSync(listing)) return;
  const written = new Set(shots.map((shot) => shot.file));
  const earlier = (JSON.parse(readFileSync(listing, 'utf8')) as { shots: Shot[] }).shots;
  for (const { file } of earlier) if (file && !written.has(file)) rmSync(join(dir, file), { force: true });
}

async function main() {
  warnWithoutCjkFont();
  buildIfNeeded();
  mkdirSync(dir, { recursive: true });
  const startedAt = new Date();
  // A copy of the build: a build made meanwhile (by someone else in this checkout)
  // would replace the chunks the running server names.
  const widgets = mkdtempSync(join(tmpdir(), 'shots-widgets-'));
  cpSync(WIDGETS_DIR, widgets, { recursive: true });
  log('starting the portal');
  let portal: PortalProcess | undefined;
  let browser: Browser | undefined;
  try {
    portal = await startPortalProcess(3, { env: { WIDGETS_DIR: widgets } });
    browser = await launchChromium();
    const servers: Servers = {
      portal: portal.url,
      console: portal.consoleUrl,
      gallery: portal.demoUrls.gallery,
      orderNo: null,
    };
    const { state, orderNo } = await signedInState(browser, servers);
    servers.orderNo = orderNo;
    const jobs: Job[] = PAGES.flatMap((page) => WIDTHS.map((width) => ({ page, width })));
    const shots: Shot[] = [];
    // Two at a time: the server and Chromium share the machine's cores.
    const worker = async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) {
        const taken = await shoot(browser as Browser, servers, state, job);
        shots.push(...taken);
        log(`${job.page.name} ${job.width.width}px${taken.some((s) => s.problems.length) ? ' (problems noted)' : ''}`);
      }
    };
    await Promise.all([worker(), worker()]);
    const order = (shot: Shot) =>
      PAGES.findIndex((page) => page.name === shot.page) * 100 + WIDTHS.findIndex((w) => w.width === shot.width);
    shots.sort((a, b) => order(a) - order(b) || a.scheme.localeCompare(b.scheme));
    compareWithBefore(shots);
    removeStale(shots);
    writeFileSync(join(dir, 'shots.json'), `${JSON.stringify({ startedAt, shots }, null, 2)}\n`);
    writeFileSync(join(dir, 'index.html'), indexPage(shots, startedAt));
    const flagged = shots.filter((shot) => shot.problems.length || !shot.file);
    for (const shot of flagged) log(`  ${shot.file ?? shot.page}: ${shot.problems.join('; ')}`);
    log(`${shots.length} shots, ${flagged.length} with problems: ${join(relative(process.cwd(), dir), 'index.html')}`);
  } finally {
    await browser?.close();
    await portal?.stop();
    rmSync(widgets, { recursive: true, force: true });
  }
}

await main();
