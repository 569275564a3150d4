import { crc32, deflateSync } from 'node:zlib';

/**
 * A tiny RGB canvas that writes PNG. Share cards need a raster image: the
 * scrapers of social networks and chat apps ignore SVG in `og:image`. It draws
 * only what the site's pictures are made of (a gradient, soft circles, a hill
 * line, rounded squares, a polygon), with edges anti-aliased by coverage.
 */

export type Rgb = readonly [number, number, number];
export type Point = readonly [number, number];

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** `#1664ff` as numbers. */
export const rgbOf = (hex: string): Rgb => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];

export class Canvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3).fill(255);
  }

  /** Lays `colour` over pixel (x, y) at `alpha` (0 to 1). */
  private mix(x: number, y: number, colour: Rgb, alpha: number): void {
    if (alpha <= 0 || x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const at = (y * this.width + x) * 3;
    const p = this.pixels;
    const keep = 1 - alpha;
    // A Uint8Array truncates: + 0.5 rounds.
    p[at] = (p[at] as number) * keep + colour[0] * alpha + 0.5;
    p[at + 1] = (p[at + 1] as number) * keep + colour[1] * alpha + 0.5;
    p[at + 2] = (p[at + 2] as number) * keep + colour[2] * alpha + 0.5;
  }

  /** SVG's `linearGradient x1=0 y1=0 x2=1 y2=1` over the whole picture (bounding-box units). */
  diagonalGradient(from: Rgb, to: Rgb): void {
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const t = ((x + 0.5) / this.width + (y + 0.5) / this.height) / 2;
        const at = (y * this.width + x) * 3;
        this.pixels[at] = from[0] + (to[0] - from[0]) * t + 0.5;
        this.pixels[at + 1] = from[1] + (to[1] - from[1]) * t + 0.5;
        this.pixels[at + 2] = from[2] + (to[2] - from[2]) * t + 0.5;
      }
    }
  }

  circle(cx: number, cy: number, r: number, colour: Rgb, alpha: number): void {
    for (let y = Math.max(0, Math.floor(cy - r - 1)); y <= Math.min(this.height - 1, cy + r + 1); y++) {
      for (let x = Math.max(0, Math.floor(cx - r - 1)); x <= Math.min(this.width - 1, cx + r + 1); x++) {
        const dx = x + 0.5 - cx;
        const dy = y + 0.5 - cy;
        const d = Math.sqrt(dx * dx + dy * dy);
        this.mix(x, y, colour, alpha * clamp01(r - d + 0.5));
      }
    }
  }

  /** Everything below a line through `points` (left to right, spanning the width). */
  below(points: readonly Point[], colour: Rgb, alpha: number): void {
    for (let x = 0; x < this.width; x++) {
      const cx = x + 0.5;
      const i = Math.max(
        0,
        points.findIndex((p, n) => n > 0 && cx <= p[0]),
      );
      const [x0, y0] = points[Math.max(0, i - 1)] ?? [0, 0];
      const [x1, y1] = points[i] ?? [0, 0];
      const edge = x1 === x0 ? y1 : y0 + ((y1 - y0) * (cx - x0)) / (x1 - x0);
      for (let y = Math.max(0, Math.floor(edge)); y < this.height; y++)
        this.mix(x, y, colour, alpha * clamp01(y + 1 - edge));
    }
  }

  roundedSquare(left: number, top: number, size: number, radius: number, colour: Rgb): void {
    const half = size / 2;
    const cx = left + half;
    const cy = top + half;
    for (let y = Math.max(0, Math.floor(top)); y <= Math.min(this.height - 1, top + size); y++) {
      for (let x = Math.max(0, Math.floor(left)); x <= Math.min(this.width - 1, left + size); x++) {
        // Signed distance to a rounded box.
        const qx = Math.abs(x + 0.5 - cx) - half + radius;
        const qy = Math.abs(y + 0.5 - cy) - half + radius;
        const ox = Math.max(qx, 0);
        const oy = Math.max(qy, 0);
        const d = Math.sqrt(ox * ox + oy * oy) + Math.min(Math.max(qx, qy), 0) - radius;
        this.mix(x, y, colour, clamp01(0.5 - d));
      }
    }
  }

  /** A filled polygon (even-odd): four scan lines a pixel row, each covering pixels by the length it spans in them. */
  polygon(points: readonly Point[], colour: Rgb): void {
    const ys = points.map((p) => p[1]);
    const cover = new Float32Array(this.width);
    const bottom = Math.min(this.height, Math.ceil(Math.max(...ys)));
    for (let y = Math.max(0, Math.floor(Math.min(...ys))); y < bottom; y++) {
      cover.fill(0);
      for (let line = 0; line < 4; line++) {
        const py = y + (line + 0.5) / 4;
        const crossings: number[] = [];
        for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
          const [xi, yi] = points[i] as Point;
          const [xj, yj] = points[j] as Point;
          if (yi > py !== yj > py) crossings.push(xi + ((py - yi) * (xj - xi)) / (yj - yi));
        }
        crossings.sort((a, b) => a - b);
        for (let k = 0; k + 1 < crossings.length; k += 2) {
          const from = Math.max(0, crossings[k] as number);
          const to = Math.min(this.width, crossings[k + 1] as number);
          for (let x = Math.floor(from); x < to; x++)
            cover[x] = (cover[x] as number) + (Math.min(to, x + 1) - Math.max(from, x)) / 4;
        }
      }
      for (let x = 0; x < this.width; x++)
        if ((cover[x] as number) > 0) this.mix(x, y, colour, Math.min(1, cover[x] as number));
    }
  }

  /**
   * The picture as a PNG file: 8-bit RGB, rows unfiltered. The pictures are
   * gradients whose rows repeat shifted, which deflate finds better unfiltered.
   */
  png(): Buffer {
    const stride = this.width * 3;
    const rows = Buffer.alloc((stride + 1) * this.height);
    for (let y = 0; y < this.height; y++)
      rows.set(this.pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8);
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(type)), 0);
  return Buffer.concat([head, data, tail]);
}
