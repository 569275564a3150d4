import { LRUCache } from 'lru-cache';
import { CARD_HEIGHT, CARD_WIDTH, drawCard } from './draw';
import { type CardKind, type CardSubject, itemSubject, siteSubject, versionOf } from './faces';

/** A picture for share cards and crawlers: a PNG (their scrapers skip SVG), with its size and words for it. */
export interface ShareImage {
  /** Versioned path on the site. */
  url: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * Cards drawn, by path: the latest version of each, kept in memory, the least
 * used going first past 32 MB (about 200 cards of 100-250 KB). Only crawlers
 * fetch them, each a few times per share, and one is drawn again in about
 * 100 ms of a core; kept on disk they would need their own clearing of old
 * versions, and the data folder belongs to the embedded back-end, which a
 * host in front of remote servers runs without.
 */
const drawn = new LRUCache<string, { version: string; png: Buffer }>({
  max: 1000,
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (card) => card.png.length,
});

/** The version pages have named of each card: a crawler following a page's og:image is not counted as a new drawing. */
const named = new LRUCache<string, string>({ max: 10_000 });

/** Whether a request for `path` at `version` is for a card drawn or one a page named, and so not counted against its address. */
export const isKnown = (path: string, version: unknown) =>
  drawn.has(path) || (typeof version === 'string' && named.get(path) === version);

/** Drawings under way, so two requests for one card draw it once. */
const drawing = new Map<string, Promise<Buffer>>();
/** One drawing at a time: a crawler's burst waits its turn instead of taking every core from the pages. */
let queue: Promise<unknown> = Promise.resolve();

/** The PNG of `subject` at `version`: kept, or drawn once and kept. */
export function cardPng(subject: CardSubject, version = versionOf(subject)): Promise<Buffer> {
  const kept = drawn.get(subject.path);
  if (kept?.version === version) return Promise.resolve(kept.png);
  const key = `${subject.path}?v=${version}`;
  let pending = drawing.get(key);
  if (!pending) {
    pending = queue
      .then(() => drawCard(subject.face))
      .then((png) => {
        drawn.set(subject.path, { version, png });
        return png;
      })
      .finally(() => drawing.delete(key));
    queue = pending.catch(() => undefined);
    drawing.set(key, pending);
  }
  return pending;
}

/** The image a page names: its card's versioned address. Nothing is drawn until a crawler asks. */
function namedImage(subject: CardSubject, alt: string): ShareImage {
  const version = versionOf(subject);
  named.set(subject.path, version);
  return { url: `${subject.path}?v=${version}`, width: CARD_WIDTH, height: CARD_HEIGHT, alt };
}

/** An item's share card: its cover, the page's title (`alt`) and the brand. */
export const shareImage = (kind: CardKind, id: number | string, title: string): ShareImage =>
  namedImage(itemSubject(kind, id, title), title);

/** The share card of pages without a picture of their own: the site's name and what it offers. */
export const siteShareImage = (alt: string): ShareImage => namedImage(siteSubject(), alt);
