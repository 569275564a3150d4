import type { Request, Response } from 'express';
import type { ContentSource } from '../data/content';
import type { SiteData } from '../data/site-data';
import type { PageAssets } from '../pages/assets';
import type { PageContext } from '../pages/document';
import { themeFor } from '../pages/theme';

export interface PageDeps {
  assets: PageAssets;
  siteData: SiteData;
  /** The content pages' data; without it those pages are not served. */
  content?: ContentSource;
}

/** What a page is rendered from: the response's nonce, the request, and the site data. */
export async function pageContext(req: Request, res: Response, { assets, siteData }: PageDeps): Promise<PageContext> {
  // Common data failures are ignored (SPEC §8): the page renders without it.
  const [pageCommon, friendlyLinks] = await Promise.all([
    siteData.pageCommon().catch(() => null),
    siteData.friendlyLinks().catch(() => []),
  ]);
  return {
    nonce: res.locals.cspNonce as string,
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
function publicOrigin(req: Request): string {
  const configured = process.env.PORTAL_PUBLIC_ORIGIN;
  if (configured) return configured.replace(/\/$/, '');
  const host = req.get('host') ?? '';
  return /^[\w.-]+(:\d{1,5})?$/.test(host) ? `${req.protocol}://${host}` : '';
}

/** Sends a rendered page; pages are personalised by nothing but the nonce, so never cached shared. */
export function sendPage(res: Response, html: string, status = 200): void {
  res.status(status).type('html').setHeader('Cache-Control', 'no-cache').send(html);
}
