import { type RequestHandler, Router } from 'express';
import type { Store } from 'express-rate-limit';
import { FEEDBACK_LIMIT } from '../../contract/feedback';
import { renderHome } from '../pages/home';
import { contentPages } from './content';
import { cookieAgreeRoutes } from './cookie-agree';
import { methodNotAllowed } from './errors';
import { feedbackRoutes } from './feedback';
import { orderPages } from './orders';
import { type PageDeps, pageContext, sendPage } from './page-context';
import { renderRateLimit, searchRateLimit } from './rate-limit';
import type { RefusedAddresses } from './refused-addresses';
import { SEARCH_READS, searchPage } from './search';
import { seoRoutes } from './seo';
import { sitePages } from './site';
import { transferPage } from './transfer';

const EMPTY_HOME = { products: [], solutions: [], cases: [], news: [], partners: [] };

/** The site's pages: each path with the handler that renders it. */
export function pageRoutes(
  deps: PageDeps & {
    console?: string;
    feedbackLimit?: number;
    searchLimit?: number;
    /** Pages rendered for one request (not from the page cache) per address per minute. */
    renderLimit?: number;
    /** Where an address past a page limit is remembered, to be refused first thing (default: nowhere). */
    refused?: RefusedAddresses;
    /** Where the search, render and feedback limits count (default: in this process). */
    limits?: (name: string) => Store | undefined;
  },
): Router {
  const { content } = deps;
  const bareHome: RequestHandler = async (req, res) =>
    sendPage(res, renderHome(await pageContext(req, deps), EMPTY_HOME));
  const pages: Array<[path: string, handler: RequestHandler]> = content
    ? [
        ...sitePages({ ...deps, content }),
        ...contentPages({ ...deps, content }),
        ...seoRoutes({ ...deps, content }),
        ['/searchRes', searchPage({ ...deps, content })],
        ...orderPages({ ...deps, content }),
      ]
    : [
        // Without a content source (some tests), the home page still renders its chrome.
        ['/', bareHome],
        ['/home', bareHome],
      ];
  pages.push(['/transfer', transferPage(deps)]);

  const router = Router({ strict: false });
  // A kept search (a word asked for again) past its fresh time is sent while it renders
  // again once for everyone: only searches not kept count against the limit.
  const searchLimit = searchRateLimit(deps.searchLimit, deps.limits?.('search pages'));
  // On the route itself, so the kept page is looked up under the key its handler keeps it by.
  router.get('/searchRes', (req, res, next) =>
    deps.pageCache?.holds(req, SEARCH_READS) ? next() : searchLimit(req, res, next),
  );
  // A page the cache holds is sent whoever asks (one render for everyone when it is
  // stale): only renders made for one request count, on the route like the search limit.
  const renderLimit = renderRateLimit(deps.renderLimit, deps.limits?.('page renders'), deps.refused);
  const unlessKept: RequestHandler = (req, res, next) =>
    deps.pageCache?.holdsRouted(req) ? next() : renderLimit(req, res, next);
  router.use(cookieAgreeRoutes(deps));
  if (deps.feedback) {
    // The form is never kept: every view is a render.
    router.get('/feedback', unlessKept);
    router.use(feedbackRoutes({ ...deps, feedback: deps.feedback }, deps.feedbackLimit, deps.limits?.(FEEDBACK_LIMIT)));
  }
  for (const [path, handler] of pages)
    router
      .route(path)
      .get(unlessKept, handler)
      .all(methodNotAllowed(['GET', 'HEAD']));
  if (deps.feedback) router.all('/feedback', methodNotAllowed(['GET', 'HEAD', 'POST']));
  return router;
}
