import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { LRUCache } from 'lru-cache';
import QRCode from 'qrcode';
import { PUBLIC_ORIGIN_SETTING } from '../contract/public-origin';
import { publicOrigin } from './routes/page-context';

/**
 * The footer's two photo badges as the portal seeds them (SPEC §2): QR codes that
 * visitors scan (in China, with WeChat) to open the portal on their phone: `wechat`
 * (captioned 扫码访问智造云门户) leads to the home page, `service` (扫码联系我们) to the
 * contact section of 关于我们. A footer image the site's owner sets replaces them
 * and is shown as given (backend/portal/page-common.ts).
 */
export const BADGE_PAGES = { wechat: '/', service: '/about#contact' } as const;
export type BadgeName = keyof typeof BADGE_PAGES;

const BADGE_PATH = /^\/media\/badge\/(wechat|service)\.svg$/;
/** Around the code, four modules of white: the quiet zone scanners need. */
const QUIET = 4;

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A QR code of `address` (the `qrcode` package), drawn as one path of the dark
 * modules' horizontal runs: the page lays out every element of an SVG image.
 * Level M recovers a smudged or partly covered tenth of it.
 */
export function qrSvg(address: string): string {
  const { modules } = QRCode.create(address, { errorCorrectionLevel: 'M' });
  const runs: string[] = [];
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (!modules.get(y, x)) continue;
      let end = x;
      while (end + 1 < modules.size && modules.get(y, end + 1)) end++;
      runs.push(`M${x} ${y}h${end - x + 1}v1h-${end - x + 1}z`);
      x = end;
    }
  }
  const side = modules.size + 2 * QUIET;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-${QUIET} -${QUIET} ${side} ${side}"><title>${escapeXml(address)}</title><rect x="-${QUIET}" y="-${QUIET}" width="${side}" height="${side}" fill="#fff"/><path fill="#1d2129" shape-rendering="crispEdges" d="${runs.join('')}"/></svg>`;
}

/**
 * The badges' version: the drawing of an address that stands for any origin. Each
 * origin's badge differs only in the address it encodes, and an address names its
 * origin, so one version serves them all; it changes when the pages or the drawing do.
 */
const VERSION = createHash('sha256')
  .update(
    Object.values(BADGE_PAGES)
      .map((page) => qrSvg(`https://portal.example${page}`))
      .join(''),
  )
  .digest('hex')
  .slice(0, 10);

/** A badge's versioned address (`/media/badge/wechat.svg?v=…`), or undefined for another path. */
export const badgeUrl = (path: string) => (BADGE_PATH.test(path) ? `${path}?v=${VERSION}` : undefined);

/** The address a badge leads to on the site's own origin. */
export const badgeAddress = (name: BadgeName, origin: string) => `${origin}${BADGE_PAGES[name]}`;

const drawn = new LRUCache<string, string>({ max: 64 });

/**
 * The badge at `path` for the site as this request reached it (PORTAL_PUBLIC_ORIGIN
 * when set): undefined for another path, or a request naming no usable origin.
 */
export function drawBadge(req: Request): { body: string; version: string } | undefined {
  const name = BADGE_PATH.exec(req.path)?.[1] as BadgeName | undefined;
  const origin = name && publicOrigin(req, req.app.get(PUBLIC_ORIGIN_SETTING));
  if (!name || !origin) return undefined;
  const address = badgeAddress(name, origin);
  let body = drawn.get(address);
  if (!body) {
    body = qrSvg(address);
    drawn.set(address, body);
  }
  return { body, version: VERSION };
}
