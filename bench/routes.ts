/**
 * The routes the benchmark measures: one list, read by every section (bytes,
 * server load, Lighthouse). A route that answers 404 today is reported as "not
 * built yet"; once the page lands its numbers appear with no change here.
 */
export interface BenchRoute {
  /** Stable key in results.json. */
  id: string;
  /** Name in the printed table. */
  label: string;
  /**
   * Path on the portal. For the partner page it is the portal's part of it: the
   * one-tag chat script, which is all the portal serves to that page.
   */
  path: string;
  /**
   * `page`: HTML rendered by the portal. `partner`: a page on another origin
   * (served by the bench itself) that embeds `path` with one script tag.
   */
  kind: 'page' | 'partner';
}

export const ROUTES: BenchRoute[] = [
  { id: 'home', label: 'home', path: '/', kind: 'page' },
  { id: 'product-list', label: 'product list', path: '/product', kind: 'page' },
  // The seeded product 1 (P2025001) and news item 1 always exist in `local`.
  { id: 'product-detail', label: 'product detail', path: '/product/1', kind: 'page' },
  { id: 'news-detail', label: 'news detail', path: '/news/1', kind: 'page' },
  {
    id: 'search-results',
    label: 'search results',
    path: `/searchRes?keyword=${encodeURIComponent('工业')}`,
    kind: 'page',
  },
  { id: 'order-create', label: 'order create', path: '/order/create?productId=1', kind: 'page' },
  { id: 'topic', label: 'topic page', path: '/topic/battery', kind: 'page' },
  { id: 'partner-chat', label: 'partner page + chat', path: '/widgets/chat.js', kind: 'partner' },
];

/** A page kind whose first anonymous view is measured (issue 33), on a desktop and on a phone. */
export interface FirstViewRoute {
  id: string;
  label: string;
  path: string;
  /** Kept out of search engines on purpose (`noindex`): Lighthouse's SEO score is not counted. */
  noindex?: true;
}

/**
 * Every page kind, measured as a first anonymous view until the visitor acts
 * (at most `TARGETS.firstViewJsGzip` of JavaScript, no framework), and by
 * Lighthouse (issue 33: every kind, not only three). Not under server load.
 */
export const FIRST_VIEW_ROUTES: FirstViewRoute[] = [
  { id: 'home', label: 'home', path: '/' },
  { id: 'product-list', label: 'product list', path: '/product' },
  // Product pages are in the dark theme.
  { id: 'product-detail', label: 'product detail (dark)', path: '/product/1' },
  { id: 'solution', label: 'solution', path: '/solution/2' },
  { id: 'case', label: 'case', path: '/cases/3' },
  { id: 'news-list', label: 'news list', path: '/news' },
  { id: 'news-detail', label: 'news detail', path: '/news/1' },
  {
    id: 'search-results',
    label: 'search results',
    path: `/searchRes?keyword=${encodeURIComponent('工业')}`,
    noindex: true,
  },
  { id: 'topic', label: 'topic page', path: '/topic/battery' },
  { id: 'about', label: 'about', path: '/about' },
  { id: 'help', label: 'help', path: '/help' },
];

/** Why a route has no figures yet, in the words the table and results.json use. */
export const notBuiltYet = (what: string, status: number) => `not built yet (${decodeURI(what)} answers ${status})`;
