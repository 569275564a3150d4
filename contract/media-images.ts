/**
 * Uploaded images (the studio's media library) as pages and rich text name
 * them: each upload is kept once in a few widths, as WebP and as a fallback
 * (JPEG, or PNG when it has transparency), at content-addressed names
 * `/media/<id>-<width>.<ext>` that never change what they show.
 */

/**
 * The widths made of each upload, from the pages' own: cards are 320 px wide
 * (640 on sharp screens and in one-column phone grids), articles at most 820 px
 * (960, 1280 and 1640 for sharp screens). None is wider than the upload.
 */
export const MEDIA_WIDTHS = [320, 640, 960, 1280, 1640] as const;

export type MediaFallback = 'jpg' | 'png';
export type MediaExtension = 'webp' | MediaFallback;

export const MEDIA_TYPES: Readonly<Record<MediaExtension, string>> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** An upload's id: the start of a hash of its bytes and of how variants are made. */
export const MEDIA_ID = /^[0-9a-f]{20}$/;

/** A variant's file name, and nothing else: `<id>-<width>.<ext>`, width without leading zeros. */
const FILE_NAME = /^([0-9a-f]{20})-([1-9][0-9]{0,3})\.(webp|jpg|png)$/;

/** What pages need to show an upload: its id, its largest variant's size, its fallback. */
export interface MediaImage {
  id: string;
  width: number;
  height: number;
  fallback: MediaFallback;
}

export const mediaFileName = (id: string, width: number, ext: MediaExtension) => `${id}-${width}.${ext}`;
export const mediaAddress = (id: string, width: number, ext: MediaExtension) =>
  `/media/${mediaFileName(id, width, ext)}`;

/** A variant's parts from its file name, or undefined for any other name. */
export function parseMediaFileName(name: string): { id: string; width: number; ext: MediaExtension } | undefined {
  const match = FILE_NAME.exec(name);
  if (!match) return undefined;
  return { id: match[1] as string, width: Number(match[2]), ext: match[3] as MediaExtension };
}

/** A variant's parts from its address (`/media/<name>`, nothing before or after). */
export const parseMediaAddress = (address: string) =>
  address.startsWith('/media/') ? parseMediaFileName(address.slice('/media/'.length)) : undefined;

/** The widths made of an upload whose largest variant is `largest` wide: the standard ones below it, and it. */
export const variantWidths = (largest: number): number[] => [...MEDIA_WIDTHS.filter((w) => w < largest), largest];

/** The width the largest variant of an image `width` wide gets. */
export const largestWidth = (width: number) => Math.min(width, Math.max(...MEDIA_WIDTHS));

/** `srcset` of one format: every variant with its width. */
export const mediaSrcset = (image: MediaImage, ext: MediaExtension) =>
  variantWidths(image.width)
    .map((width) => `${mediaAddress(image.id, width, ext)} ${width}w`)
    .join(', ');

/** How wide an image in an article is: the column (820 px), or the screen less the page's margins. */
export const ARTICLE_SIZES = '(max-width: 868px) calc(100vw - 48px), 820px';
/** How wide a card's image is: the grid's column. */
export const CARD_SIZES = '(max-width: 671px) calc(100vw - 48px), (max-width: 1023px) 50vw, 368px';

/** Escaped as sanitize-html writes attributes, so rich text saved with it reads the same after the pages' rules. */
const escapeAttribute = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/**
 * An upload as HTML: `<picture>` with the WebP variants, and an `<img>` with the
 * fallback's, its size (no layout shift) and its text alternative. The browser
 * picks the width `sizes` says it is shown at.
 */
export function mediaPicture(
  image: MediaImage,
  { alt, sizes = ARTICLE_SIZES, lazy = true }: { alt: string; sizes?: string; lazy?: boolean },
): string {
  const src = mediaAddress(image.id, image.width, image.fallback);
  const loading = lazy ? ' loading="lazy"' : '';
  return (
    `<picture><source type="image/webp" srcset="${mediaSrcset(image, 'webp')}" sizes="${escapeAttribute(sizes)}" />` +
    `<img src="${src}" srcset="${mediaSrcset(image, image.fallback)}" sizes="${escapeAttribute(sizes)}" ` +
    `width="${image.width}" height="${image.height}" alt="${escapeAttribute(alt)}"${loading} /></picture>`
  );
}
