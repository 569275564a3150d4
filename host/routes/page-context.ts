import type { Request, RequestHandler, Response } from 'express';
import type { ContentSource } from '../data/content';
import type { FeedbackSink } from '../data/feedback';
import { FriendlyLinksFailure, type SiteData } from '../data/site-data';
import type { PageAssets } from '../pages/assets';
import type { PageContext } from '../pages/document';
import { themeFor } from '../pages/theme';
import type { PageCache } from './page-cache';

export interface PageDeps {
  assets: PageAssets;
  siteData: SiteData;
  /** The content pages' data; without it those pages are not served. */
  content?: ContentSource;
  /** Where feedback goes; without it the feedback form is not served. */
  feedback?: FeedbackSink;
  /** Rendered pages kept for everyone (see page-cache.ts); without it every request renders. */
  pageCache?: PageCache;
}

/**
 * The friendly links' failures as the error pages of SPEC §8: a rejected answer
 * is the 500 page; an unreachable server is the 'working hard to load' page (the
 * original's "302"), sent as 503 with Retry-After, since a real 302 needs a Location.
 */
function friendlyLinksError(error: unknown): Error {
  const kind = error instanceof FriendlyLinksFailure ? error.kind : 'unreachable';
  return Object.assign(new Error((error as Error)?.message ?? 'friendly links failed'), {
    status: kind === 'rejected' ? 500 : 503,
    errorPage: kind === 'rejected' ? 500 : 302,
  });
}

/**
 * What a page is rendered from: the request and the site
 * data. `lenient` (the error pages) renders without friendly links rather than fail.
 */
export async function pageContext(
  req: Request,
  { assets, siteData }: PageDeps,
  { lenient = false } = {},
): Promise<PageContext> {
  // Common data failures are ignored (SPEC §8): the page renders without it.
  const [pageCommon, friendlyLinks] = await Promise.all([
    siteData.pageCommon().catch(() => null),
    siteData.friendlyLinks().catch((error) => {
      if (lenient) return [];
      throw friendlyLinksError(error);
    }),
  ]);
  return {
    assets,
    lang: 'zh-CN',
    path: req.path,
    theme: themeFor(req.path),
    userAgent: req.get('user-agent') ?? '',
    pageCommon,
    friendlyLinks,
    preview: req.query.preview === 'true',
    origin: publicOrigin(req),
  };
}

/**
 * The site's public address: PORTAL_PUBLIC_ORIGIN when set (behind a proxy),
 * else the address this request came to, if it is a plain host name.
 */
export function publicOrigin(req: Request): string {
  const configured = process.env.PORTAL_PUBLIC_ORIGIN;
  if (configured) return configured.replace(/\/$/, '');
  const host = req.get('host') ?? '';
  return /^[\w.-]+(:\d{1,5})?$/.test(host) ? `${req.protocol}://${host}` : '';
}

/** Sends a page rendered for this request; `no-cache`: browsers ask again, with the ETag. */
export function sendPage(res: Response, html: string, status = 200): void {
  res.status(status).type('html').setHeader('Cache-Control', 'no-cache').send(html);
}

/** Renders a page from the request, its context and the content source. */
export type Render = (req: Request, context: PageContext, content: ContentSource) => Promise<string>;

/**
 * A page rendered from the content source: through the page cache when there is
 * one (admin previews always render afresh), else rendered for this request.
 */
export const contentPage =
  (deps: PageDeps & { content: ContentSource }, render: Render): RequestHandler =>
  async (req, res) => {
    const produce = async () => render(req, await pageContext(req, deps), deps.content);
    if (deps.pageCache?.keeps(req)) return deps.pageCache.send(req, res, produce);
    sendPage(res, await produce());
  };
