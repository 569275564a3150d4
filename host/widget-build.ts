import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ElementDeclaration } from './docs/docs-page';

/** The chunk files each `portal-*` tag needs (the build's manifest.json). */
export type ElementManifest = Record<string, string[]>;

/** The built script-tag entries: classic scripts a page includes by address. */
export type ScriptEntry = 'portal.js' | 'chat.js';

/**
 * The widgets' build as the server uses it, read once at start and handed to
 * whatever needs it: pages (preloads, element styles), the script entries, the
 * pinned release and the element reference. Only the files themselves are still
 * served from `dir`. A part that is not built is empty: pages render without it.
 */
export interface WidgetBuild {
  /** The folder it was read from, for serving its files. */
  dir: string;
  manifest: ElementManifest;
  /** Each element's minified CSS by file name (`header.css`), for declarative shadow roots. */
  elementStyles: Record<string, string>;
  /** The script-tag entries as built. */
  scripts: Partial<Record<ScriptEntry, Buffer>>;
  /** `<package version>-<12 hex of the built portal.js>`: a new id for any change, the same in every environment. */
  releaseId?: string;
  /** The elements of the custom elements manifest, for `/docs`. */
  elements: ElementDeclaration[];
}

/** The release id's prefix where the caller names no version (tests that build an app on their own). */
const UNNAMED_VERSION = '0.0.0';

const readOr = <T>(read: () => T, fallback: T): T => {
  try {
    return read();
  } catch {
    return fallback;
  }
};

/** Reads the build in `dir` once; `version` (the portal's, from server.ts) begins its release id. */
export function readWidgetBuild(dir: string, version = UNNAMED_VERSION): WidgetBuild {
  const file = (name: string) => readFileSync(join(dir, name));
  const scripts: WidgetBuild['scripts'] = {};
  for (const entry of ['portal.js', 'chat.js'] as const) {
    const body = readOr<Buffer | undefined>(() => file(entry), undefined);
    if (body) scripts[entry] = body;
  }
  const manifest = readOr<ElementManifest>(() => JSON.parse(file('manifest.json').toString('utf8')), {});
  const elementStyles = readOr<Record<string, string>>(
    () =>
      Object.fromEntries(
        readdirSync(join(dir, 'styles')).map((name) => [name, file(join('styles', name)).toString('utf8')]),
      ),
    {},
  );
  const elements = readOr<ElementDeclaration[]>(() => {
    const reference = JSON.parse(file('custom-elements.json').toString('utf8')) as {
      modules: { declarations: (ElementDeclaration & { customElement?: boolean })[] }[];
    };
    return reference.modules
      .flatMap((module) => module.declarations)
      .filter((declaration) => declaration.customElement);
  }, []);
  // The id hashes the build (portal.js names every content-hashed chunk), not the environment.
  const portal = scripts['portal.js'];
  const releaseId = portal && `${version}-${createHash('sha256').update(portal).digest('hex').slice(0, 12)}`;
  return { dir, manifest, elementStyles, scripts, releaseId, elements };
}
