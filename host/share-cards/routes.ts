import { type RequestHandler, Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { cardPng, isKnown } from './cards';
import {
  CARD_KINDS,
  type CardKind,
  type CardTitles,
  itemSubject,
  SITE_CARD_PATH,
  siteSubject,
  versionOf,
} from './faces';

/** Versioned addresses are immutable; a bare or outdated one is fresh for a day, then revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATED = 'public, max-age=86400';

/**
 * Cards not drawn yet, per address per minute. Each costs about 100 ms of a
 * core: past its share, a script asking for many is answered 429. Cards pages
 * have named and cards drawn are not counted, so crawlers following a page's
 * og:image never are.
 */
const NEW_CARDS_PER_MINUTE = 120;

const ITEM_CARD = new RegExp(`^/media/share/(${CARD_KINDS.join('|')})/([a-z0-9-]{1,40})\\.png$`);

export interface ShareCardOptions {
  /** The items' titles (`contentTitles` of the pages' content); without it only the site's card is served. */
  titles?: CardTitles;
  newCardsPerMinute?: number;
}

/**
 * `/media/share/site.png` and `/media/share/{kind}/{id}.png`: the share cards
 * (og:image), drawn on a crawler's first request, from the item's title as its
 * page shows it now. An unknown item is no card (404).
 */
export function shareCardRoutes({ titles, newCardsPerMinute = NEW_CARDS_PER_MINUTE }: ShareCardOptions = {}): Router {
  const serve: RequestHandler = async (req, res, next) => {
    const item = ITEM_CARD.exec(req.path);
    const [kind, id] = [item?.[1] as CardKind, item?.[2] ?? ''];
    const title = item ? await titles?.(kind, id) : undefined;
    const subject = req.path === SITE_CARD_PATH ? siteSubject() : title !== undefined && itemSubject(kind, id, title);
    if (!subject) return next();
    const version = versionOf(subject);
    const png = await cardPng(subject, version);
    res
      .type('image/png')
      .setHeader('Cache-Control', req.query.v === version ? IMMUTABLE : REVALIDATED)
      // Elements on other sites show these images too.
      .setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(png);
  };
  const newCards = rateLimit({
    windowMs: 60_000,
    limit: newCardsPerMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skip: (req) => isKnown(req.path, req.query.v),
  });
  const router = Router();
  router.get(/^\/media\/share\/.+\.png$/, newCards, serve);
  return router;
}
