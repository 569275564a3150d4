import { createHash } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import { type RequestHandler, Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { LRUCache } from 'lru-cache';
import { mediaPaths } from '../contract/media';
import { badgeUrl, drawBadge } from './media-badges';
import { LOGO_SVG } from './media-wordmark';

/**
 * The images the content refers to, drawn here as SVG: a logo, avatars, the
 * footer's badges (media-badges.ts) and cover art; and as PNG what crawlers take (their
 * scrapers skip SVG): the logo, the same drawing rendered by resvg. The share
 * cards, which carry titles, are host/share-cards/. Deterministic (the same
 * address always gives the same picture), so they cache for a year. Nothing is
 * fetched from outside.
 */

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const hashOf = (text: string | Buffer) => createHash('sha256').update(text).digest();
const PALETTE = ['#1664ff', '#0e9f6e', '#7c3aed', '#d97706', '#0891b2', '#db2777', '#4f46e5', '#059669'];
const colourOf = (text: string) => PALETTE[(hashOf(text)[0] ?? 0) % PALETTE.length] as string;

export const SVG = 'xmlns="http://www.w3.org/2000/svg"';

function avatar(name: string): string {
  const letter = escapeXml(name.slice(0, 1).toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>${escapeXml(name)}</title><circle cx="32" cy="32" r="32" fill="${colourOf(name)}"/>
<text x="32" y="42" text-anchor="middle" font-family="sans-serif" font-size="28" font-weight="700" fill="#fff">${letter}</text></svg>`;
}

export const COVER_WIDTH = 640;
export const COVER_HEIGHT = 360;
const HILLS = 'M0 300 L160 220 L300 260 L460 170 L640 230';

/** A cover's art in its 640 × 360 box: a diagonal gradient of two colours, five soft circles, a hill line. */
export function coverArt(seed: string, from = colourOf(seed), to = colourOf(`${seed}-b`)): string {
  const bits = hashOf(seed);
  const circles = [0, 1, 2, 3, 4]
    .map((i) => {
      const x = Math.round(((bits[i] ?? 0) / 255) * COVER_WIDTH);
      const y = Math.round(((bits[i + 5] ?? 0) / 255) * COVER_HEIGHT);
      const r = Math.round(30 + ((bits[i + 10] ?? 0) / 255) * 120);
      return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="0.08"/>`;
    })
    .join('');
  return `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#g)"/>${circles}<path d="${HILLS} L${COVER_WIDTH} ${COVER_HEIGHT} L0 ${COVER_HEIGHT} Z" fill="#fff" fill-opacity="0.12"/>`;
}

const cover = (kind: string, id: string) =>
  `<svg ${SVG} viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">${coverArt(`${kind}-${id}`)}</svg>`;

/**
 * The logo's own drawing (logo.svg), its `box` (in its 160 × 40 units) shown
 * at `at`. The nested svg clips: the drawing holds a second, dark version below
 * its view, and resvg does not clip an image to its view.
 */
const LOGO_IMAGE = `data:image/svg+xml;base64,${Buffer.from(LOGO_SVG).toString('base64')}`;
export const logo = (box: string, at: string) =>
  `<svg ${at} viewBox="${box}"><image href="${LOGO_IMAGE}" width="160" height="40"/></svg>`;

/** The logo's drawn part: the mark and the word mark end at x = 110 of its 160. */
export const LOGO_INK = 110;

/** SVG to PNG. The drawings have no text (the word mark is outlines), so no font is looked for. */
export const RESVG_OPTIONS = { font: { loadSystemFonts: false } };
const png = (svg: string) => new Resvg(svg, RESVG_OPTIONS).render().asPng();

/** The logo's mark as a square PNG, for Organization data: crawlers want a raster logo of at least 112 px. */
const LOGO_SIZE = 512;
const logoPng = () =>
  png(
    `<svg ${SVG} width="${LOGO_SIZE}" height="${LOGO_SIZE}">${logo('0 0 40 40', 'width="100%" height="100%"')}</svg>`,
  );

const SLUG = '([a-z0-9-]{1,40})';

/** Each drawing and the addresses it answers; the slugs are all a drawing ever sees. */
const DRAWINGS: Array<[RegExp, (...slugs: string[]) => string | Buffer]> = [
  [/^\/media\/logo\.svg$/, () => LOGO_SVG],
  [/^\/media\/logo\.png$/, logoPng],
  [new RegExp(`^/media/avatar/${SLUG}\\.svg$`), (name = '') => avatar(name)],
  [new RegExp(`^/media/cover/${SLUG}/${SLUG}\\.svg$`), (kind = '', id = '') => cover(kind, id)],
];

/** The picture at a media address (its path, still percent-encoded), or undefined. */
export function drawMedia(path: string): string | Buffer | undefined {
  for (const [pattern, draw] of DRAWINGS) {
    const match = pattern.exec(path);
    if (match) return draw(...match.slice(1));
  }
  return undefined;
}

/** A drawing and its version: the first ten hex digits of its hash. */
interface Drawn {
  body: string | Buffer;
  version: string;
}

/**
 * Drawings by path, drawn and hashed once whether a page names them or a browser
 * asks. Only paths that draw are kept, and the least used go first, so hostile
 * addresses cannot grow it.
 */
const drawn = new LRUCache<string, Drawn>({
  max: 1000,
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (found) => Math.max(1, found.body.length),
});

function drawing(path: string): Drawn | undefined {
  let found = drawn.get(path);
  if (!found) {
    const body = drawMedia(path);
    if (body === undefined) return undefined;
    found = { body, version: hashOf(body).toString('hex').slice(0, 10) };
    drawn.set(path, found);
  }
  return found;
}

/**
 * The address pages should use for a media path: with `?v=` and the drawing's
 * hash, which the server answers as immutable for a year. A changed drawing
 * (a new logo) gets a new address, so no visitor keeps the old one.
 */
export function mediaUrl(path: string): string {
  const badge = badgeUrl(path);
  if (badge) return badge;
  const found = drawing(path);
  return found ? `${path}?v=${found.version}` : path;
}

/** A content cover at its versioned address. */
export const coverUrl = (kind: string, id: number | string) => mediaUrl(mediaPaths.cover(kind, id));

/** The logo as a square PNG, for structured data. */
export const logoPngUrl = () => ({ url: mediaUrl('/media/logo.png'), size: LOGO_SIZE });

/** Versioned addresses are immutable; a bare one (an embedding page's, an old page's) is fresh for a day, then revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATED = 'public, max-age=86400';

const serveMedia: RequestHandler = (req, res, next) => {
  // The footer's badges encode the site's own address, so they are drawn for the request's origin.
  const found = drawBadge(req) ?? drawing(req.path);
  if (!found) return next();
  res
    .type(req.path.endsWith('.png') ? 'image/png' : 'image/svg+xml')
    .setHeader('Cache-Control', req.query.v === found.version ? IMMUTABLE : REVALIDATED)
    // Elements on other sites show these images too.
    .setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
    .send(found.body);
};

/**
 * PNGs not drawn yet, per address per minute. Each costs milliseconds of a core,
 * and a script could ask for many: past its share, it is answered 429. Pages
 * draw theirs as they render, so crawlers following a page's links are not
 * counted. (Share cards count their own: host/share-cards/.)
 */
const NEW_PNGS_PER_MINUTE = 120;

export function mediaRoutes({ newPngsPerMinute = NEW_PNGS_PER_MINUTE } = {}): Router {
  const newPngs = rateLimit({
    windowMs: 60_000,
    limit: newPngsPerMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skip: (req) => !req.path.endsWith('.png') || drawn.has(req.path),
  });
  const router = Router();
  router.get(/^\/media\/.+\.(svg|png)$/, newPngs, serveMedia);
  return router;
}
