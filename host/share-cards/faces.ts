import { createHash } from 'node:crypto';
import { NUMERIC_ID_PATTERN } from '../../contract/ids';
import type { ContentSource } from '../../contract/sources';
import { site } from '../data/site';
import { coverArt } from '../media';
import type { CardFace } from './draw';

/** The kinds of item that have a cover, and so a card of their own; other pages show the site's. */
export type CardKind = 'product' | 'solution' | 'case' | 'news' | 'film';
export const CARD_KINDS: readonly CardKind[] = ['product', 'solution', 'case', 'news', 'film'];

/** Each kind's section, named under the title as the page's title names it. */
const SECTIONS: Record<CardKind, string> = {
  product: '产品中心',
  solution: '解决方案',
  case: '案例中心',
  news: '新闻中心',
  film: '宣传片',
};

/** A card's address and what it shows. */
export interface CardSubject {
  /** The card's path (`/media/share/news/12.png`); its versioned address adds `?v=`. */
  path: string;
  face: CardFace;
}

export const SITE_CARD_PATH = '/media/share/site.png';

/** The card of an item of `kind` whose page is titled `title`: the item's own cover under it. */
export const itemSubject = (kind: CardKind, id: number | string, title: string): CardSubject => ({
  path: `/media/share/${kind}/${id}.png`,
  face: { art: coverArt(`${kind}-${id}`), title, label: `${SECTIONS[kind]} · ${site.name}` },
});

/** The site's card, for pages without one of their own: the brand's colours, its name and what it offers. */
export const siteSubject = (): CardSubject => ({
  path: SITE_CARD_PATH,
  face: { art: coverArt('site-home', '#1664ff', '#4f46e5'), title: site.name, label: site.description },
});

/**
 * The drawing's own version: change it with the drawing (draw.ts), and every
 * card gets a new address, so crawlers fetch them again.
 */
const DESIGN = 'titled-1';

/**
 * A card's version: ten hex digits of a hash of what it shows. Computed from the
 * face, not the picture, so a page names its card without drawing it; a new
 * title is a new version, and so a new address crawlers fetch again.
 */
export const versionOf = ({ face }: CardSubject) =>
  createHash('sha256')
    .update(JSON.stringify([DESIGN, face.title, face.label, face.art]))
    .digest('hex')
    .slice(0, 10);

/** A title by kind and id (the path's slug), from the content the pages show; `undefined` for an unknown item. */
export type CardTitles = (kind: CardKind, id: string) => Promise<string | undefined>;

/** Titles as the item pages state them (their `shareImage` calls): products by name, films by their slug. */
export function contentTitles(content: ContentSource): CardTitles {
  return async (kind, id) => {
    if (kind === 'film') return (await content.films()).find((film) => film.name === id)?.title;
    if (!NUMERIC_ID_PATTERN.test(id)) return undefined;
    const key = Number(id);
    if (kind === 'product') return (await content.product(key))?.name;
    if (kind === 'solution') return (await content.solution(key))?.title;
    if (kind === 'case') return (await content.caseById(key))?.title;
    return (await content.newsItem(key))?.title;
  };
}
