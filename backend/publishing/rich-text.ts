import sanitizeHtml from 'sanitize-html';
import { type MediaImage, mediaPicture, parseMediaAddress } from '../../contract/media-images';
import { RICH_TEXT_POLICY } from '../../contract/rich-text';

/**
 * The studio's editor (Trix) writes blocks as `<div>` and its big heading as
 * `<h1>`: saved as the paragraphs and the heading level the pages keep, before
 * the pages' own rules apply.
 */
const SAVE_POLICY: sanitizeHtml.IOptions = {
  ...RICH_TEXT_POLICY,
  transformTags: { ...RICH_TEXT_POLICY.transformTags, div: 'p', h1: 'h2' },
};

/** An uploaded image saved bare (`<img src="/media/<id>-<largest>.jpg" width height />`), and the caption right after it. */
const BARE_IMAGE = /(<picture>(?:<source [^>]*\/>)*)?<img ([^>]*)\/>(<figcaption>([\s\S]*?)<\/figcaption>)?/g;
const attribute = (attributes: string, name: string) => new RegExp(`(?:^| )${name}="([^"]*)"`).exec(attributes)?.[1];
/** Sanitised text back to plain text: sanitize-html escapes these four. */
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name] as string)
    .trim();

/**
 * Every uploaded image the editor left bare becomes a `<picture>` with all its
 * variants (WebP and the fallback, `srcset` and `sizes`), its size, and its own
 * `alt` or else its caption as its text alternative. Works on sanitised HTML
 * only, whose attributes are quoted and escaped.
 */
function responsiveImages(html: string): string {
  return html.replace(
    BARE_IMAGE,
    (whole, picture: string | undefined, attributes: string, after = '', caption = '') => {
      if (picture) return whole;
      const found = parseMediaAddress(attribute(attributes, 'src') ?? '');
      const height = Number(attribute(attributes, 'height'));
      if (!found || found.ext === 'webp' || !height) return whole;
      const image: MediaImage = { id: found.id, width: found.width, height, fallback: found.ext };
      return mediaPicture(image, { alt: plain(attribute(attributes, 'alt') || caption) }) + after;
    },
  );
}

/**
 * The editor puts a figure inside its block, which was saved as a `<p>`: a
 * figure cannot be in a paragraph, so the paragraph is closed around it (and
 * paragraphs and captions left empty go).
 */
const figuresOutOfParagraphs = (html: string) =>
  html
    .replace(
      /<p>((?:(?!<\/p>)[\s\S])*?<figure>[\s\S]*?)<\/p>/g,
      (_, inner: string) => `<p>${inner.replace(/<figure>[\s\S]*?<\/figure>/g, (figure) => `</p>${figure}<p>`)}</p>`,
    )
    .replace(/<p>(?:\s|<br \/>)*<\/p>|<figcaption>\s*<\/figcaption>/g, '');

/** Rich text as it is saved: by the rules the pages apply on output, so nothing is kept that a page would drop. */
export const sanitizeRichText = (html: string) =>
  responsiveImages(figuresOutOfParagraphs(sanitizeHtml(html, SAVE_POLICY)));
