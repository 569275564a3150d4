import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import { agreedIn } from '../../contract/cookie-consent';
import type { DraftPreview } from '../../contract/sources';
import type { ContentSource } from '../data/content';
import type { FeedbackSink } from '../data/feedback';
import { sharingDeadline } from '../data/shared-deadline';
import type { SiteData } from '../data/site-data';
import { UpstreamFailure } from '../data/upstream';
import type { PageAssets } from '../pages/assets';
import type { PageContext } from '../pages/document';
import { themeFor } from '../pages/theme';
import { encodingFor } from '../precompressed';
import type { PageCache } from './page-cache';
import { byDeadline, deadlineOf } from './page-deadline';
import type { RenderQueue } from './render-queue';

export interface PageDeps {
  assets: PageAssets;
  siteData: SiteData;
  /** The content pages' data; without it those pages are not served. */
  content?: ContentSource;
  /** Where feedback goes; without it the feedback form is not served. */
  feedback?: FeedbackSink;
  /** Rendered pages kept for everyone (see page-cache.ts); without it every request renders. */
  pageCache?: PageCache;
  /** Where renders wait their turn (render-queue.ts); without it they run at once. */
  renders?: RenderQueue;
  /**
   * Outside `local`: how long a page may wait for the back-end once its render
   * has begun, however many calls it makes, its error page included (page-deadline.ts);
   * past it the page is the 'working hard to load' page (or, when kept, the last good copy).
   */
  renderDeadlineMs?: number;
  /** PORTAL_PUBLIC_ORIGIN: the site's address behind a proxy, which pages name; without it, the host asked for. */
  publicOrigin?: string;
}

/**
 * What a page is rendered from: the request and the site data, waited for
 * within the request's deadline (outside `local`). `lenient` (the error pages)
 * renders without friendly links rather than fail.
 */
export async function pageContext(
  req: Request,
  { assets, siteData, renderDeadlineMs, publicOrigin: configured }: PageDeps,
  { lenient = false } = {},
): Promise<PageContext> {
  const deadline = renderDeadlineMs ? deadlineOf(req, renderDeadlineMs) : undefined;
  const inTime = <T>(wait: Promise<T>, late: () => T) => (deadline ? byDeadline(wait, deadline, late) : wait);
  const linksLate = (): never => {
    throw new UpstreamFailure('unreachable', 'friendly links: not answered within the page’s deadline');
  };
  // Common data failures are ignored (SPEC §8): the page renders without it.
  const [pageCommon, friendlyLinks] = await Promise.all([
    inTime(siteData.pageCommon(), () => null).catch(() => null),
    inTime(siteData.friendlyLinks(), linksLate).catch((error) => {
      if (lenient) return [];
      throw error instanceof UpstreamFailure ? error : new UpstreamFailure('unreachable', String(error));
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
    origin: publicOrigin(req, configured),
    // The same test as the kept pages' key (page-cache-keys.ts): a page kept for those who agreed has no notice.
    cookieAgreed: agreedIn(req.get('cookie')),
  };
}

/**
 * The site's public address: PORTAL_PUBLIC_ORIGIN when set (behind a proxy),
 * else the address this request came to, if it is plain http(s) and a plain host name.
 */
export function publicOrigin(req: Request, configured: string | undefined): string {
  if (configured) return configured.replace(/\/$/, '');
  const host = req.get('host') ?? '';
  const origin = `${req.protocol}://${host}`;
  // Behind a trusted proxy the scheme is the first X-Forwarded-Proto, which a client may have
  // written (`javascript`): pages are kept for everyone, so only http(s) names them. Nor a port no
  // URL can have (`localhost:99999`), which would fail every page that reads the origin.
  const plain = /^https?$/.test(req.protocol) && /^[\w.-]+(:\d{1,5})?$/.test(host);
  return plain && URL.canParse(origin) ? origin : '';
}

/**
 * Sends a page rendered for this request; `no-cache`: browsers ask again, with the ETag.
 * It varies by device (phones get theirs) and by the cookie consent (no notice once agreed), as a kept page says too.
 */
export function sendPage(res: Response, html: string, status = 200, cacheControl = 'no-cache'): void {
  res.status(status).type('html').setHeader('Cache-Control', cacheControl).vary('User-Agent').vary('Cookie');
  const encoding = encodingFor(res.req.headers['accept-encoding']);
  if (encoding === 'identity') return void res.send(html);
  // Compressed in one call at the middleware's fast levels: through its stream a page
  // cost the main thread more than the compression itself.
  res.vary('Accept-Encoding').setHeader('Content-Encoding', encoding);
  res.send(
    encoding === 'br'
      ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } })
      : gzipSync(html, { level: 1 }),
  );
}

/** Renders a page from the request, its context and the content source. */
export type Render = (req: Request, context: PageContext, content: ContentSource) => Promise<string>;

export interface PageOptions {
  /** The query parameters the page reads: the others do not change it, so they do not make another kept page. */
  reads?: readonly string[];
  /**
   * Whether the page is kept (default true). Pages with a free text in their
   * address (search) are kept only once asked for again (`'when-asked-again'`):
   * until then each is rendered and compressed cheaply as sent.
   */
  keep?: boolean | 'when-asked-again';
}

/**
 * A page rendered for this request, in its turn among renders: kept for
 * everyone when it can be (admin previews always render afresh), else sent as
 * rendered.
 */
export const framePage =
  (
    deps: PageDeps,
    render: (req: Request, context: PageContext) => Promise<string> | string,
    { reads = [], keep = true }: PageOptions = {},
  ): RequestHandler =>
  async (req, res) => {
    const rendered = async () => render(req, await pageContext(req, deps));
    // The deadline starts with the render, not in the queue: a burst waits its turn (bounded
    // in render-queue.ts) instead of spending the back-end's time there.
    const ms = deps.renderDeadlineMs;
    const timed = ms ? () => withinDeadline(req, ms, rendered) : rendered;
    const produce = (background = false) => (deps.renders ? deps.renders(timed, { background }) : timed());
    const cache = deps.pageCache;
    if (keep && cache?.keeps(req) && (keep !== 'when-asked-again' || cache.keepsWhenAskedAgain(req, reads)))
      return cache.send(req, res, produce, reads);
    // A preview may show a staff member's drafts: kept by no one on the way.
    sendPage(res, await produce(), 200, req.query.preview === undefined ? 'no-cache' : 'no-store');
  };

/** The render, in the request's deadline: its back-end calls share it, and end with it. */
function withinDeadline(req: Request, ms: number, render: () => Promise<string>): Promise<string> {
  const deadline = deadlineOf(req, ms);
  return byDeadline(sharingDeadline(deadline.signal, render), deadline, () => {
    throw new UpstreamFailure('unreachable', `the page was not rendered within ${ms} ms`);
  });
}

/**
 * A page rendered from the content source (see `framePage`); a staff member's
 * preview (`preview=true`) from their drafts, when the back-end keeps drafts.
 */
export const contentPage = (
  deps: PageDeps & { content: ContentSource; drafts?: DraftPreview },
  render: Render,
  options?: PageOptions,
): RequestHandler =>
  framePage(
    deps,
    async (req, context) => {
      const drafts = context.preview ? await deps.drafts?.contentFor(req.get('cookie')) : undefined;
      return render(req, context, drafts ?? deps.content);
    },
    options,
  );
