import { parseMediaAddress } from './media-images';

/** A `srcset` whose every candidate is an uploaded image's address with its width (`/media/<name> 640w`). */
const mediaSrcset = (value: string | undefined) =>
  Boolean(value) &&
  (value as string).split(',').every((candidate) => {
    const [address = '', descriptor, ...rest] = candidate.trim().split(/\s+/);
    return !rest.length && parseMediaAddress(address) !== undefined && /^[1-9]\d{0,3}w$/.test(descriptor ?? '');
  });

const size = (value: string | undefined) => (value && /^[1-9]\d{0,4}$/.test(value) ? { value } : undefined);
/** `sizes` as the studio writes it: media conditions and lengths, no quotes, brackets or anything that fetches. */
const sizes = (value: string | undefined) =>
  value && value.length <= 200 && /^[a-z0-9 ().,:%+-]+$/i.test(value) ? { value } : undefined;

/** Only what is there and allowed, by name. */
const kept = (entries: Record<string, { value: string } | undefined | false>) =>
  Object.fromEntries(
    Object.entries(entries).flatMap(([name, found]) => (found ? [[name, found.value]] : [])),
  ) as Record<string, string>;

/**
 * What content HTML may contain: text structure, links, tables, and images
 * uploaded to the media library (figures with captions, `<picture>` with WebP
 * and a fallback); nothing that runs, and no image from anywhere else (no
 * `data:`, no other host). Options for sanitize-html, given as plain data and
 * small functions so every side reads the same rules: the pages apply them on
 * output, the studio on save, so what an editor saves is what visitors get.
 */
export const RICH_TEXT_POLICY = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'br',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'blockquote',
    'figure',
    'figcaption',
    'picture',
    'source',
    'img',
  ],
  // rel is always set by the transform below, whatever the source said; images keep what the transforms allow.
  allowedAttributes: {
    a: ['href', 'rel'],
    img: ['src', 'srcset', 'sizes', 'width', 'height', 'alt', 'loading'],
    source: ['type', 'srcset', 'sizes'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Quotes in text as entities too, as the pages' own templates write them: text that reads like an attribute stays visibly text.
  textFilter: (text: string) => text.replace(/"/g, '&quot;'),
  // sanitize-html's own list, with <source>: written `<source ... />`, never closed.
  selfClosing: ['img', 'br', 'hr', 'area', 'base', 'basefont', 'input', 'link', 'meta', 'source'],
  // An image's address is checked by the transforms (the media library's own, by exact name).
  allowedSchemesByTag: { img: [], source: [] },
  transformTags: {
    a: (tagName: string, attribs: Record<string, string>) => ({
      tagName,
      attribs: { ...attribs, rel: 'nofollow noopener' },
    }),
    img: (tagName: string, attribs: Record<string, string>) => ({
      tagName,
      attribs: kept({
        src: parseMediaAddress(attribs.src ?? '') !== undefined && { value: attribs.src as string },
        srcset: mediaSrcset(attribs.srcset) && { value: attribs.srcset as string },
        sizes: sizes(attribs.sizes),
        width: size(attribs.width),
        height: size(attribs.height),
        alt: typeof attribs.alt === 'string' && { value: attribs.alt },
        loading: attribs.loading === 'lazy' && { value: 'lazy' },
      }),
    }),
    source: (tagName: string, attribs: Record<string, string>) => ({
      tagName,
      attribs: kept({
        type: attribs.type === 'image/webp' && { value: 'image/webp' },
        srcset: mediaSrcset(attribs.srcset) && { value: attribs.srcset as string },
        sizes: sizes(attribs.sizes),
      }),
    }),
  },
  // An image from elsewhere goes whole, not as an `<img>` without its address.
  exclusiveFilter: (frame: { tag: string; attribs: Record<string, string> }) =>
    (frame.tag === 'img' && !frame.attribs.src) || (frame.tag === 'source' && !frame.attribs.srcset),
};
