import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { build } from 'esbuild';
import { fillSignInForm } from './accounts';
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
    // By path: the account service comes back with a code in the query.
    const html = pages.get(new URL(req.url ?? '/', 'http://page').pathname);
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

/**
 * An app's module as its bundler makes it: TypeScript and JSX compiled, React as
 * the widgets' tests alias it, `@industrial-portal/widgets` from its source, and
 * each element entry from the portal's own module of it (what the package ships).
 */
async function bundle(source: string): Promise<string> {
  const result = await build({
    stdin: { contents: source, loader: 'tsx', resolveDir: resolve('.') },
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    plugins: [
      {
        name: 'the package',
        setup(build) {
          build.onResolve({ filter: /^@industrial-portal\/widgets\/elements\// }, (args) => ({
            path: `${portal.url}/widgets/esm/${args.path.split('/').pop()}.js`,
            external: true,
          }));
          build.onResolve({ filter: /^@industrial-portal\/widgets$/ }, () => ({ path: resolve('widgets/index.ts') }));
        },
      },
    ],
  });
  return result.outputFiles[0]?.text ?? '';
}

/** A page on the foreign origin made of the snippets: markup, then styles, then scripts. */
function pageOf(name: string, snippets: Snippet[]): string {
  const of = (kind: string) => snippets.filter((s) => s.kind === kind).map((s) => s.text);
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${name}</title>
${of('css')
  .map((css) => `<style>${css}</style>`)
  .join('\n')}</head><body><main><h1>${name}</h1>
${of('html').join('\n')}
${[...of('js'), ...of('bundled')].map((js) => `<script type="module">${js}</script>`).join('\n')}
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

test('the order form page’s snippet, signed in as demo on another origin, orders the seeded product', async ({
  page,
}) => {
  const errors = await run(page, pageOf('order', await snippetsOf(page, '/docs/portal-order-form')));
  const form = page.locator('portal-order-form');
  await form.getByRole('button', { name: '去登录' }).click();
  await fillSignInForm(page, 'demo', 10_000);
  await expect(page).toHaveURL(new RegExp(`^${foreignOrigin}/order`));
  // Demo's one company, name and phone are filled in: the order goes as it stands.
  await expect(form.getByLabel('下单企业')).toHaveValue('1001', { timeout: 10_000 });
  await form.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(new RegExp(`^${foreignOrigin}/order/success\\?orderNo=ZZY`));
  expect(errors).toEqual([]);
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

test('every guide’s snippets, run on another origin (an app’s code bundled), define and place the elements they use', async ({
  page,
  browser,
}) => {
  await page.goto(`${portal.url}/docs`);
  const known = await page
    .locator('main li a[href^="/docs/portal-"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')?.slice('/docs/'.length) ?? ''));
  const guides = await page
    .locator('main a[href^="/docs/guides/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(guides.map((href) => href.slice('/docs/guides/'.length)).sort()).toEqual(
    ['configuration', 'html', 'react', 'server-rendering', 'vue'].sort(),
  );
  const failures: string[] = [];
  for (const href of guides) {
    const snippets = await snippetsOf(page, href);
    const runnable: Snippet[] = [];
    for (const snippet of snippets) {
      if (snippet.kind === 'app') runnable.push({ kind: 'bundled', text: await bundle(snippet.text) });
      else runnable.push(snippet);
      if (snippet.kind === 'shell' && !/^[A-Z_]+=/.test(snippet.text)) failures.push(`${href}: ${snippet.text}`);
    }
    const used = snippets.filter((s) => s.kind === 'html' || s.kind === 'app').map((s) => s.text);
    const tags = known.filter((tag) => used.some((text) => new RegExp(`${tag}(?![a-z-])`).test(text)));
    expect(tags.length, href).toBeGreaterThan(0);
    const tab = await browser.newPage();
    const errors = await run(tab, pageOf(href.split('/').pop() ?? 'guide', runnable));
    for (const tag of tags) {
      const defined = await tab
        .waitForFunction(
          (name) => customElements.get(name) !== undefined && document.querySelector(name) !== null,
          tag,
          { timeout: 10_000 },
        )
        .then(
          () => true,
          () => false,
        );
      if (!defined) failures.push(`${href}: <${tag}> is not defined and placed`);
    }
    if (errors.length) failures.push(`${href}: ${errors.join('; ')}`);
    await tab.close();
  }
  expect(failures).toEqual([]);
});
