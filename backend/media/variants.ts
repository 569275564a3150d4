import { createHash } from 'node:crypto';
import type sharp from 'sharp';
import {
  largestWidth,
  type MediaExtension,
  type MediaFallback,
  type MediaImage,
  mediaFileName,
  variantWidths,
} from '../../contract/media-images';

/** An upload refused, with what to tell the editor. */
export class MediaRefusal extends Error {}

/** The kinds of image taken, by their first bytes; whatever the file's name or the browser says. */
export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** What the bytes are, or undefined: SVG, HTML and every other kind are not images here. */
export function sniffImage(bytes: Buffer): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  if (/^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  return undefined;
}

/** Bumped when variants are made differently: new ids, so no cached old variant is served under a new name. */
const RECIPE = 'media-v1';

/** Past this many pixels an image is refused before it is decoded (a small file can unpack into gigabytes). */
export const MEDIA_MAX_PIXELS = 40_000_000;

export const KIND_NAMES = 'JPEG、PNG、WebP 或 GIF';

export interface MadeVariants {
  image: MediaImage;
  /** Each variant's file name and bytes. */
  files: Array<{ name: string; body: Buffer }>;
}

/** sharp (libvips) loaded on the first upload, not at every start: it takes a tenth of a second. */
let library: Promise<typeof sharp> | undefined;
const loadSharp = () => (library ??= import('sharp').then((module) => module.default));

/** One upload at a time: each may hold a large decoded image in memory. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * An upload in the widths the pages use (contract/media-images.ts), as WebP and
 * as JPEG (PNG when it has transparency): turned upright as its camera said,
 * with no metadata kept (sharp writes none unless asked: no EXIF, no GPS).
 * GIFs and animated WebP give their first frame.
 */
export function makeVariants(bytes: Buffer, { maxPixels = MEDIA_MAX_PIXELS } = {}): Promise<MadeVariants> {
  const made = queue.then(() => variantsOf(bytes, maxPixels));
  queue = made.catch(() => undefined);
  return made;
}

async function variantsOf(bytes: Buffer, maxPixels: number): Promise<MadeVariants> {
  const kind = sniffImage(bytes);
  if (!kind) throw new MediaRefusal(`只能上传 ${KIND_NAMES} 图片：这个文件的内容不是（SVG 等其他格式不能上传）`);
  const sharp = await loadSharp();
  const input = { limitInputPixels: maxPixels, failOn: 'error' as const };
  // The header alone (no pixels decoded), so a bomb is told apart from a broken file; decoding keeps the limit.
  const meta = await sharp(bytes, { ...input, limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!meta?.width || !meta.height || meta.format !== kind)
    throw new MediaRefusal('图片已损坏或无法读取，请换一个文件');
  if (meta.width * meta.height > maxPixels)
    throw new MediaRefusal(`图片像素太多（最多 ${Math.floor(maxPixels / 10_000)} 万像素），请缩小后再上传`);
  const upright = sharp(bytes, input).autoOrient();
  const opaque = !meta.hasAlpha || (await upright.clone().stats()).isOpaque;
  const fallback: MediaFallback = opaque ? 'jpg' : 'png';
  const oriented = meta.autoOrient ?? { width: meta.width, height: meta.height };
  const id = createHash('sha256').update(RECIPE).update(bytes).digest('hex').slice(0, 20);
  const widths = variantWidths(largestWidth(oriented.width));
  const files: MadeVariants['files'] = [];
  let height = 0;
  try {
    for (const width of widths)
      for (const ext of ['webp', fallback] as MediaExtension[]) {
        const { data, info } = await encode(upright.clone().resize({ width }), ext).toBuffer({
          resolveWithObject: true,
        });
        files.push({ name: mediaFileName(id, width, ext), body: data });
        height = info.height;
      }
  } catch {
    throw new MediaRefusal('图片已损坏或无法读取，请换一个文件');
  }
  return { image: { id, width: widths[widths.length - 1] as number, height, fallback }, files };
}

function encode(image: sharp.Sharp, ext: MediaExtension): sharp.Sharp {
  if (ext === 'webp') return image.webp({ quality: 80 });
  if (ext === 'png') return image.png({ compressionLevel: 9 });
  return image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
}
