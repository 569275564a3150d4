import { type RequestHandler, Router } from 'express';
import type { PageContext } from '../pages/document';
import { renderHome } from '../pages/home';
import { contentPages } from './content';
import { methodNotAllowed } from './errors';
import { orderPages } from './orders';
import { type PageDeps, pageContext, sendPage } from './page-context';

/** A page handler: the context in, the HTML out. */
const page =
  (deps: PageDeps, render: (context: PageContext) => string): RequestHandler =>
  async (req, res) =>
    sendPage(res, render(await pageContext(req, res, deps)));

/** The site's pages: each path with the handler that renders it. */
export function pageRoutes(deps: PageDeps): Router {
  const pages: Array<[path: string, handler: RequestHandler]> = [
    ['/', page(deps, renderHome)],
    ['/home', page(deps, renderHome)],
    ...(deps.content ? contentPages({ ...deps, content: deps.content }) : []),
    ...(deps.content ? orderPages({ ...deps, content: deps.content }) : []),
  ];

  const router = Router({ strict: false });
  for (const [path, handler] of pages)
    router
      .route(path)
      .get(handler)
      .all(methodNotAllowed(['GET', 'HEAD']));
  return router;
}
