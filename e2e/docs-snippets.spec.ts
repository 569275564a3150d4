import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { type PortalProcess, startPortalProcess } from './portal-process';

/**
 * Docs that work (issue #19): every snippet of the served `/docs` pages, copied as
 * a reader copies it into a page on another origin, does what the page says. The
 * origin is listed as a chat partner and an account origin, as /docs tells a
 * partner to do; a portal of this file's own carries those settings.
 */
test.describe.configure({ mode: 'default', timeout: 60_000 });

let portal: PortalProcess;
let foreign: Server;
let foreignOrigin: string;
/** The pages the foreign server answers, by path. */
const pages = new Map<string, string>();

test.beforeAll(async () => {
  foreign = createServer((req, res) => {
    const html = pages.get(req.url ?? '');
    res.writeHead(html ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => foreign.listen(0, 'localhost', resolve));
  foreignOrigin = `http://localhost:${(foreign.address() as AddressInfo).port}`;
  portal = await startPortalProcess(3, {
    env: { CHAT_PARTNER_ORIGINS: foreignOrigin, ACCOUNT_ORIGINS: foreignOrigin },
  });
});
test.afterAll(async () => {
  foreign?.close();
  await portal?.stop();
});

type Snippet = { kind: string; text: string };

/** The snippets of a served docs page, as a reader sees and copies them. */
async function snippetsOf(page: Page, path: string): Promise<Snippet[]> {
  await page.goto(`${portal.url}${path}`);
  return page.locator('main pre').evaluateAll((pres) =>
    pres.map((pre) => {
      const text = pre.textContent ?? '';
      // Marked by the page; read from the text where it is not.
      const kind =
        (pre as HTMLElement).dataset.snippet ??
        (text.trimStart().startsWith('<') ? 'html' : text.includes('::part') ? 'css' : 'js');
      return { kind, text };
    }),
  );
}

/** A page on the foreign origin made of the snippets: markup, then styles, then scripts. */
function pageOf(name: string, snippets: Snippet[]): string {
  const of = (kind: string) => snippets.filter((s) => s.kind === kind).map((s) => s.text);
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${name}</title>
${of('css')
  .map((css) => `<style>${css}</style>`)
  .join('\n')}</head><body><main><h1>${name}</h1>
${of('html').join('\n')}
${of('js')
  .map((js) => `<script type="module">${js}</script>`)
  .join('\n')}
</main></body></html>`;
  const path = `/${name}`;
  pages.set(path, html);
  return `${foreignOrigin}${path}`;
}

/** Runs the page, collecting what went wrong in it. */
async function run(page: Page, url: string): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  return errors;
}

test('the index page’s script tag loads portal.js from another origin', async ({ page }) => {
  const snippets = await snippetsOf(page, '/docs');
  const runnable = snippets.filter((s) => s.kind === 'html');
  expect(runnable.length).toBeGreaterThan(0);
  const errors = await run(page, pageOf('index', runnable));
  await expect
    .poll(() => page.evaluate(() => Boolean((window as never)[Symbol.for('portal.env') as never])))
    .toBe(true);
  // The settings it names are the portal's own (this portal runs with ACCOUNT_ORIGINS).
  for (const shell of snippets.filter((s) => s.kind === 'shell')) expect(shell.text).toMatch(/^[A-Z_]+=/);
  expect(errors).toEqual([]);
});

test('every element page’s snippets, run on another origin, define the element and place it', async ({
  page,
  browser,
}) => {
  await page.goto(`${portal.url}/docs`);
  const tags = await page
    .locator('main li a[href^="/docs/portal-"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')?.slice('/docs/'.length) ?? ''));
  expect(tags.length).toBeGreaterThanOrEqual(12);
  const failures: string[] = [];
  for (const tag of tags) {
    const snippets = await snippetsOf(page, `/docs/${tag}`);
    const tab = await browser.newPage();
    const errors = await run(tab, pageOf(tag, snippets));
    const defined = await tab
      .waitForFunction((name) => customElements.get(name) !== undefined && document.querySelector(name) !== null, tag, {
        timeout: 10_000,
      })
      .then(
        () => true,
        () => false,
      );
    if (!defined) failures.push(`${tag}: its snippets leave <${tag}> undefined on another origin`);
    if (errors.length) failures.push(`${tag}: ${errors.join('; ')}`);
    await tab.close();
  }
  expect(failures).toEqual([]);
});

test('the chat page shows the one-tag embed and the partner registration', async ({ page }) => {
  const snippets = await snippetsOf(page, '/docs/portal-chat-launcher');
  expect(snippets.filter((s) => s.kind === 'html').map((s) => s.text)).toEqual([
    `<script src="${portal.url}/widgets/chat.js" data-lang="zh-CN" async></script>`,
  ]);
  expect(snippets.some((s) => s.kind === 'shell' && s.text.startsWith('CHAT_PARTNER_ORIGINS='))).toBe(true);
  // What it shows on a listed origin: the launcher, ready to open.
  const errors = await run(page, pageOf('chat', snippets));
  await expect(page.locator('portal-chat-launcher').getByRole('button', { name: '在线客服' })).toBeVisible();
  expect(errors).toEqual([]);
});
