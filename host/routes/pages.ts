import { type RequestHandler, Router } from 'express';
import type { PageAssets } from '../pages/assets';
import { renderHome } from '../pages/home';
import { methodNotAllowed } from './errors';
import { pageContext, sendPage } from './page-context';

/** The site's pages: each path with the handler that renders it. */
export function pageRoutes(assets: PageAssets): Router {
  const home: RequestHandler = (_req, res) => sendPage(res, renderHome(pageContext(res, assets)));

  const pages: Array<[path: string, handler: RequestHandler]> = [
    ['/', home],
    ['/home', home],
  ];

  const router = Router({ strict: false });
  for (const [path, handler] of pages)
    router
      .route(path)
      .get(handler)
      .all(methodNotAllowed(['GET', 'HEAD']));
  return router;
}
