import { gzipSync } from 'node:zlib';
import type { Browser, Page, Request } from '@playwright/test';
import { getRaw } from './http';
import { sum } from './stats';

export type Kind = 'html' | 'js' | 'css' | 'other';

/** One response the browser received, as Chromium's network stack counted it. */
export interface Download {
  url: string;
  method: string;
  kind: Kind;
  status: number;
  /** Content-Encoding the browser negotiated ('' for none). */
  encoding: string;
  /** Body bytes on the wire (still compressed): what "transferred" means below. */
  encoded: number;
  /** Response header bytes on the wire. */
  headers: number;
  /** Body bytes after decompression. */
  decoded: number;
}

export interface KindTotals {
  files: number;
  /** Encoded body bytes as the browser received them (brotli when offered). */
  encoded: number;
  /** The same files as a gzip-only browser receives them (the targets are in gzip). */
  gzip: number;
}

export interface PageBytes {
  url: string;
  status: number;
  /** The main document, encoded and decoded. */
  html: { encoded: number; decoded: number };
  js: KindTotals;
  css: KindTotals;
  /** Everything else: images, fonts, API calls, frames. */
  other: { files: number; encoded: number };
  /** Every response, headers included: the page's whole download. */
  transferred: number;
  downloads: Download[];
}

function kindOf(contentType: string): Kind {
  if (/javascript|ecmascript/.test(contentType)) return 'js';
  if (contentType.includes('text/css')) return 'css';
  if (contentType.includes('text/html')) return 'html';
  return 'other';
}

async function describeResponse(request: Request): Promise<Download | undefined> {
  const response = await request.response();
  if (!response) return undefined;
  const sizes = await request.sizes();
  const headers = await response.allHeaders();
  const decoded = await response.body().then(
    (body) => body.length,
    () => 0, // redirects and aborted bodies have none
  );
  return {
    url: request.url(),
    method: request.method(),
    kind: kindOf(headers['content-type'] ?? ''),
    status: response.status(),
    encoding: headers['content-encoding'] ?? '',
    encoded: sizes.responseBodySize,
    headers: sizes.responseHeadersSize,
    decoded,
  };
}

/**
 * Records every response a page receives from now on. `snapshot()` waits for the
 * records still being read, so a caller can measure, act, and measure again.
 */
export function recordDownloads(page: Page) {
  const pending: Array<Promise<Download | undefined>> = [];
  page.on('requestfinished', (request) => pending.push(describeResponse(request).catch(() => undefined)));
  return {
    async snapshot(): Promise<Download[]> {
      const all = await Promise.all(pending);
      return all.filter((download): download is Download => download !== undefined);
    },
  };
}

/**
 * What a browser that offers only gzip would receive for the same responses (the
 * targets are in gzip; Chromium negotiates brotli): each GET is asked again with
 * `Accept-Encoding: gzip`; anything else counts as it was received.
 */
async function gzipBytes(downloads: Download[]): Promise<number> {
  const sizes = await Promise.all(
    downloads.map(async (download) =>
      download.method === 'GET'
        ? (await getRaw(download.url, { 'accept-encoding': 'gzip' })).body.length
        : download.encoded,
    ),
  );
  return sum(sizes);
}

/** Count, received bytes and gzip bytes of a set of downloads. */
export async function totals(downloads: Download[]): Promise<KindTotals> {
  return {
    files: downloads.length,
    encoded: sum(downloads.map((download) => download.encoded)),
    gzip: await gzipBytes(downloads),
  };
}

const ofKind = (downloads: Download[], kind: Kind) => downloads.filter((download) => download.kind === kind);

/** Sums a set of downloads; `documentUrl` names the main document among them. */
export async function summarise(downloads: Download[], documentUrl: string, status: number): Promise<PageBytes> {
  const document = downloads.find((download) => download.url === documentUrl);
  const rest = downloads.filter((download) => download !== document);
  const other = rest.filter((download) => download.kind === 'other' || download.kind === 'html');
  return {
    url: documentUrl,
    status,
    html: { encoded: document?.encoded ?? 0, decoded: document?.decoded ?? 0 },
    js: await totals(ofKind(rest, 'js')),
    css: await totals(ofKind(rest, 'css')),
    other: { files: other.length, encoded: sum(other.map((download) => download.encoded)) },
    transferred: sum(downloads.map((download) => download.encoded + download.headers)),
    downloads,
  };
}

/**
 * Loads a page in a fresh context (empty cache, no cookies: a first visit) at the
 * default desktop viewport and sums what came over the network by `networkidle`.
 */
export async function measurePage(browser: Browser, url: string): Promise<PageBytes> {
  const context = await browser.newContext({ locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    const recorder = recordDownloads(page);
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    const downloads = await recorder.snapshot();
    return await summarise(downloads, response?.url() ?? url, response?.status() ?? 0);
  } finally {
    await context.close();
  }
}

/** A first anonymous view of one page kind on one device (issue 33): the JavaScript it runs until the visitor acts. */
export interface FirstView {
  id: string;
  label: string;
  device: 'desktop' | 'phone';
  status: number;
  /** Every script the page and its frames fetched (each gzip -6) plus its inline scripts that run (not JSON data). */
  jsGzip: number;
  /** The scripts fetched, path and gzip -6 bytes, in the order they came. */
  scripts: Array<{ path: string; gzip: number }>;
  /** The inline scripts that run, together, gzip -6. */
  inlineGzip: number;
  /** Whether the Preact runtime or the stores' chunk was fetched (a first view needs neither). */
  framework: boolean;
}

const PHONE_CONTEXT = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
};

/**
 * Counts the JavaScript `page` runs from now on: each script it and its frames
 * fetch, gzip -6, plus the inline scripts that run (not JSON data blocks), as
 * the page holds them when the returned function is called.
 */
export function countScripts(
  page: Page,
): () => Promise<{ scripts: FirstView['scripts']; inlineGzip: number; jsGzip: number }> {
  const fetched: Array<Promise<{ path: string; gzip: number }>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const path = new URL(response.url()).pathname;
    fetched.push(
      response.body().then(
        (body) => ({ path, gzip: gzipSync(body, { level: 6 }).length }),
        () => ({ path, gzip: 0 }),
      ),
    );
  });
  return async () => {
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')]
        .filter((script) => !/json/i.test(script.getAttribute('type') ?? ''))
        .map((script) => script.textContent ?? '')
        .join(''),
    );
    const scripts = await Promise.all(fetched);
    const inlineGzip = inline ? gzipSync(inline, { level: 6 }).length : 0;
    return { scripts, inlineGzip, jsGzip: sum(scripts.map((script) => script.gzip)) + inlineGzip };
  };
}

/**
 * Opens a page as a first anonymous visit on a desktop or a phone and counts the
 * JavaScript it runs by `networkidle`, without touching it: each script the page
 * and its frames fetch, gzip -6, plus the inline scripts that run.
 */
export async function measureFirstView(
  browser: Browser,
  route: { id: string; label: string; path: string },
  portalUrl: string,
  device: FirstView['device'],
): Promise<FirstView> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    ...(device === 'phone' ? PHONE_CONTEXT : { viewport: { width: 1280, height: 720 } }),
  });
  try {
    const page = await context.newPage();
    const counted = countScripts(page);
    const response = await page.goto(portalUrl + route.path, { waitUntil: 'networkidle' });
    const { scripts, inlineGzip, jsGzip } = await counted();
    return {
      id: route.id,
      label: route.label,
      device,
      status: response?.status() ?? 0,
      jsGzip,
      scripts,
      inlineGzip,
      framework: scripts.some((script) => /\/widgets\/chunks\/(runtime|state)-/.test(script.path)),
    };
  } finally {
    await context.close();
  }
}
