import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Request, Router } from 'express';
import type { PortalEnvName } from '../../contract/environments';
import { publicOrigin } from '../routes/page-context';
import { widgetRelease } from '../widget-release';
import { type ElementDeclaration, renderDocsIndex, renderElementDoc } from './docs-page';

function readElements(widgetsDir: string): ElementDeclaration[] {
  try {
    const manifest = JSON.parse(readFileSync(join(widgetsDir, 'custom-elements.json'), 'utf8')) as {
      modules: { declarations: (ElementDeclaration & { customElement?: boolean })[] }[];
    };
    return manifest.modules.flatMap((m) => m.declarations).filter((d) => d.customElement);
  } catch {
    return [];
  }
}

/** `/docs` and `/docs/<tag>`: the elements' reference, from the manifest of this build. */
export function docsRoutes(widgetsDir: string, env: PortalEnvName): Router {
  const router = Router();
  const release = widgetRelease(widgetsDir, env);
  const elements = readElements(widgetsDir);
  if (!release || !elements.length) return router;
  const origin = (req: Request) => publicOrigin(req);
  router.get('/docs', (req, res) => {
    res.type('html').send(renderDocsIndex(res.locals.cspNonce, origin(req), release, elements));
  });
  router.get('/docs/:tag', (req, res, next) => {
    const element = elements.find((e) => e.tagName === req.params.tag);
    if (!element) return next(); // the 404 page
    res.type('html').send(renderElementDoc(res.locals.cspNonce, origin(req), release, element));
  });
  return router;
}
