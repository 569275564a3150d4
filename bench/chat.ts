import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from '@playwright/test';
import { type Download, type KindTotals, type PageBytes, recordDownloads, summarise, totals } from './bytes';
import { getRaw } from './http';
import { notBuiltYet } from './routes';

/**
 * How the bench opens the chat: the first of these that appears on the partner
 * page is clicked (Playwright's CSS pierces open shadow roots). The first is the
 * launcher's own button: the element around it has no box of its own, so
 * Playwright never counts it visible.
 */
const CHAT_OPENERS = [
  'portal-chat-launcher button.launcher',
  '[data-portal-chat-open]',
  'portal-chat button',
  'button[aria-label*="客服"]',
  'button[aria-label*="chat" i]',
];
/** Quiet time that counts as "done downloading" after the click, as Playwright's networkidle does. */
const QUIET_MS = 500;

export interface ChatResult {
  /** The partner page as a whole: its own HTML plus what the tag brings (the route row). */
  partnerPage: PageBytes;
  /** Only what the portal's origin served, before and after opening the chat. */
  before?: KindTotals;
  after?: KindTotals;
  /** Why a figure is missing, if one is. */
  note?: string;
}

/** A free loopback port for the partner site, chosen before the portal starts, which must list its origin. */
export function freePartnerPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
  });
}

/** The partner site's origin on `port`: registered with the portal (`CHAT_PARTNER_ORIGINS`) like a real partner's. */
export const partnerOrigin = (port: number) => `http://127.0.0.1:${port}`;

/** A partner site on another loopback port (another origin) with nothing but the one tag. */
function partnerServer(scriptUrl: string, port: number): Promise<{ url: string; server: Server }> {
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>合作伙伴</title>
<script src="${scriptUrl}" async></script></head><body><h1>合作伙伴页面</h1><p>一个嵌入在线客服的外部页面。</p></body></html>`;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server }),
    ),
  );
}

/**
 * Counts requests in flight from now on; `quiet()` resolves once none has been in
 * flight for QUIET_MS (or after ten seconds), started after the action it follows.
 */
function watchNetwork(page: Page) {
  let inFlight = 0;
  let onChange = () => {};
  page.on('request', () => {
    inFlight++;
    onChange();
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    onChange();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    quiet: () =>
      new Promise<void>((resolve) => {
        let timer: NodeJS.Timeout | undefined;
        const deadline = setTimeout(resolve, 10_000);
        onChange = () => {
          clearTimeout(timer);
          if (inFlight === 0)
            timer = setTimeout(() => {
              clearTimeout(deadline);
              resolve();
            }, QUIET_MS);
        };
        onChange();
      }),
  };
}

/** Clicks the chat launcher once it is visible; false if none appears within three seconds. */
async function openChat(page: Page): Promise<boolean> {
  const opener = page.locator(CHAT_OPENERS.join(', ')).first();
  try {
    await opener.waitFor({ state: 'visible', timeout: 3_000 });
  } catch {
    return false;
  }
  await opener.click();
  return true;
}

/** The partner page with the one-tag chat: bytes before the chat is opened, and after. */
export async function measureChat(
  browser: Browser,
  portalUrl: string,
  scriptPath: string,
  partnerPort: number,
): Promise<ChatResult> {
  const scriptUrl = `${portalUrl}${scriptPath}`;
  const probe = await getRaw(scriptUrl);
  const { url, server } = await partnerServer(scriptUrl, partnerPort);
  const context = await browser.newContext({ locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    const recorder = recordDownloads(page);
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    const loaded = await recorder.snapshot();
    const partnerPage = await summarise(loaded, response?.url() ?? url, response?.status() ?? 0);
    if (probe.status !== 200) return { partnerPage, note: notBuiltYet(`GET ${scriptPath}`, probe.status) };

    const fromPortal = (downloads: Download[]) => downloads.filter((download) => download.url.startsWith(portalUrl));
    const before = await totals(fromPortal(loaded));
    const network = watchNetwork(page);
    if (!(await openChat(page)))
      return { partnerPage, before, note: 'no chat launcher found (CHAT_OPENERS in bench/chat.ts)' };
    await network.quiet();
    const after = await totals(fromPortal(await recorder.snapshot()));
    return { partnerPage, before, after };
  } finally {
    await context.close();
    server.close();
  }
}
