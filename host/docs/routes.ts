import { type Request, Router } from 'express';
import { ELEMENTS } from '../../widgets/elements';
import type { Announced } from '../portal-script';
import { publicOrigin } from '../routes/page-context';
import type { WidgetBuild } from '../widget-build';
import { widgetRelease } from '../widget-release';
import { renderDocsIndex, renderElementDoc, renderGuide } from './docs-page';

/**
 * `/docs` and `/docs/<tag>`: the elements' reference, from the manifest of this build.
 * `configuredOrigin`: PORTAL_PUBLIC_ORIGIN, the address the snippets name behind a proxy.
 */
export function docsRoutes(build: WidgetBuild, announced: Announced, configuredOrigin?: string): Router {
  const router = Router();
  const release = widgetRelease(build, announced);
  const { elements } = build;
  if (!release || !elements.length) return router;
  const origin = (req: Request) => publicOrigin(req, configuredOrigin);
  router.get('/docs', (req, res) => {
    res.type('html').send(renderDocsIndex(res.locals.cspNonce, origin(req), release, elements));
  });
  router.get('/docs/guides/:name', (req, res, next) => {
    const page = renderGuide(res.locals.cspNonce, origin(req), req.params.name);
    if (!page) return next(); // the 404 page
    res.type('html').send(page);
  });
  router.get('/docs/:tag', (req, res, next) => {
    const element = elements.find((e) => e.tagName === req.params.tag);
    if (!element) return next(); // the 404 page
    const script = ELEMENTS[element.tagName as keyof typeof ELEMENTS]?.script ?? 'portal';
    res.type('html').send(renderElementDoc(res.locals.cspNonce, origin(req), release, element, script));
  });
  return router;
}
