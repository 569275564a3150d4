import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Router } from 'express';
import type { PortalEnvName } from '../contract/environments';
import { announcedPortalScript, serveScript } from './portal-script';
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

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/** This build's release, or undefined when the widgets are not built. */
export function widgetRelease(widgetsDir: string, env: PortalEnvName): WidgetRelease | undefined {
  let built: Buffer;
  try {
    built = readFileSync(join(widgetsDir, 'portal.js'));
  } catch {
    return undefined;
  }
  const body = announcedPortalScript(widgetsDir, env);
  if (!body) return undefined;
  // The id hashes the build (portal.js names every content-hashed chunk), not the
  // environment: the same release has the same address everywhere.
  const id = `${VERSION}-${createHash('sha256').update(built).digest('hex').slice(0, 12)}`;
  return {
    id,
    scriptPath: `${RELEASE_PREFIX}/${id}/portal.js`,
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
export function releaseRoutes(widgetsDir: string, env: PortalEnvName): Router {
  const router = Router();
  const release = widgetRelease(widgetsDir, env);
  const body = announcedPortalScript(widgetsDir, env);
  if (!release || !body) return router;
  const prefix = `${RELEASE_PREFIX}/${release.id}`;
  router.get(`${prefix}/portal.js`, serveScript(body, 'public, max-age=31536000, immutable'));
  // Only what portal.js loads: its content-hashed chunks. Other built files
  // (chat.js, esm/, the manifest) can change within a release id.
  router.use(`${prefix}/chunks`, widgetFiles(join(widgetsDir, 'chunks'), { immutable: true }));
  return router;
}
