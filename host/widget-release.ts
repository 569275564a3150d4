import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Router } from 'express';
import { type Announced, announcedPortalScript, serveScript } from './portal-script';
import type { WidgetBuild } from './widget-build';
import { widgetFiles } from './widgets';

/** Where the versioned, immutable copy of the widgets lives. */
export const RELEASE_PREFIX = '/widgets/v';

export interface WidgetRelease {
  /** `<package version>-<hash of the built portal.js>`: a new id for any change. */
  id: string;
  /** `/widgets/v/<id>/portal.js` */
  scriptPath: string;
  /** Subresource Integrity of the exact bytes served there (`sha384-...`). */
  integrity: string;
}

/** This build's release in this environment, or undefined when the widgets are not built. */
export function widgetRelease(build: WidgetBuild, announced: Announced): WidgetRelease | undefined {
  const body = announcedPortalScript(build, announced);
  if (!build.releaseId || !body) return undefined;
  return {
    id: build.releaseId,
    scriptPath: `${RELEASE_PREFIX}/${build.releaseId}/portal.js`,
    integrity: `sha384-${createHash('sha384').update(body).digest('base64')}`,
  };
}

/**
 * `/widgets/v/<release>/portal.js` and the files beside it: the current release at
 * an address that never changes content, cached for a year, so a page can pin it
 * with an `integrity` hash. `portal.js` loads its chunks from beside itself, so
 * they (and nothing else) are served under the same prefix. Other releases are
 * not kept here: 404.
 */
export function releaseRoutes(build: WidgetBuild, announced: Announced): Router {
  const router = Router();
  const release = widgetRelease(build, announced);
  const body = announcedPortalScript(build, announced);
  if (!release || !body) return router;
  const prefix = `${RELEASE_PREFIX}/${release.id}`;
  router.get(`${prefix}/portal.js`, serveScript(body, 'public, max-age=31536000, immutable'));
  // Only what portal.js loads: its content-hashed chunks. Other built files
  // (chat.js, esm/, the manifest) can change within a release id.
  router.use(`${prefix}/chunks`, widgetFiles(join(build.dir, 'chunks'), { immutable: true }));
  return router;
}
