import { createHash } from 'node:crypto';
import { Canvas, type Point, rgbOf } from './raster';

/**
 * The shapes of the site's pictures, drawn both as SVG (covers on pages) and as
 * PNG (share cards and the logo for crawlers), so an item's share card is its cover.
 */

const PALETTE = ['#1664ff', '#0e9f6e', '#7c3aed', '#d97706', '#0891b2', '#db2777', '#4f46e5', '#059669'];
export const hashOf = (text: string | Buffer) => createHash('sha256').update(text).digest();
export const colourOf = (text: string) => PALETTE[(hashOf(text)[0] ?? 0) % PALETTE.length] as string;

const BRAND = '#1664ff';
const WHITE = rgbOf('#ffffff');

/** A cover in its 640×360 box: a two-colour diagonal gradient, five soft circles, a hill line. */
export interface CoverScene {
  from: string;
  to: string;
  circles: Array<{ x: number; y: number; r: number }>;
  hills: Point[];
}

export const COVER_WIDTH = 640;
export const COVER_HEIGHT = 360;
const HILLS: Point[] = [
  [0, 300],
  [160, 220],
  [300, 260],
  [460, 170],
  [640, 230],
];

export function coverScene(kind: string, id: string): CoverScene {
  const seed = `${kind}-${id}`;
  const bits = hashOf(seed);
  return {
    from: colourOf(seed),
    to: colourOf(`${seed}-b`),
    circles: [0, 1, 2, 3, 4].map((i) => ({
      x: Math.round(((bits[i] ?? 0) / 255) * 640),
      y: Math.round(((bits[i + 5] ?? 0) / 255) * 360),
      r: Math.round(30 + ((bits[i + 10] ?? 0) / 255) * 120),
    })),
    hills: HILLS,
  };
}

/** The brand mark's "M" in its 40×40 square (the logo's, as a polygon). */
const M: Point[] = [
  [10, 28],
  [10, 12],
  [15, 12],
  [20, 20],
  [25, 12],
  [30, 12],
  [30, 28],
  [25, 28],
  [25, 20],
  [20, 28],
  [15, 20],
  [15, 28],
];

/** The mark at `size` pixels: a rounded square with the M. */
function mark(canvas: Canvas, left: number, top: number, size: number, square: string, letter: string): void {
  const scale = size / 40;
  canvas.roundedSquare(left, top, size, 8 * scale, rgbOf(square));
  canvas.polygon(
    M.map(([x, y]) => [left + x * scale, top + y * scale]),
    rgbOf(letter),
  );
}

/** Share cards are 1200×630, the size every network shows large. */
export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

function card(scene: CoverScene, stamp: (canvas: Canvas) => void): Buffer {
  const canvas = new Canvas(SHARE_WIDTH, SHARE_HEIGHT);
  canvas.diagonalGradient(rgbOf(scene.from), rgbOf(scene.to));
  // The cover scaled to the card's width, its middle kept.
  const scale = SHARE_WIDTH / COVER_WIDTH;
  const top = (SHARE_HEIGHT - COVER_HEIGHT * scale) / 2;
  for (const c of scene.circles) canvas.circle(c.x * scale, top + c.y * scale, c.r * scale, WHITE, 0.08);
  canvas.below(
    scene.hills.map(([x, y]) => [x * scale, top + y * scale]),
    WHITE,
    0.12,
  );
  stamp(canvas);
  return canvas.png();
}

/** An item's share card: its cover, with the mark (white, so it shows on every colour). */
export const itemCard = (kind: string, id: string) =>
  card(coverScene(kind, id), (canvas) => mark(canvas, 64, 64, 96, '#ffffff', BRAND));

/** The site's share card, for pages without a picture of their own: the mark, large, on the brand's colours. */
export const siteCard = () =>
  card({ ...coverScene('site', 'home'), from: BRAND, to: '#4f46e5' }, (canvas) =>
    mark(canvas, (SHARE_WIDTH - 240) / 2, (SHARE_HEIGHT - 240) / 2, 240, '#ffffff', BRAND),
  );

/** The logo as a square PNG (for Organization data: crawlers want a raster logo of at least 112 px). */
export const LOGO_SIZE = 512;
export function logoPng(): Buffer {
  const canvas = new Canvas(LOGO_SIZE, LOGO_SIZE);
  mark(canvas, 0, 0, LOGO_SIZE, BRAND, '#ffffff');
  return canvas.png();
}
