import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The chunk files each `portal-*` tag needs (written by the build). */
export type ElementManifest = Record<string, string[]>;

export interface PageAssets {
  /** Inline stylesheet of the host pages (allowed by its hash). */
  css: string;
  manifest: ElementManifest;
  /** Each element's minified CSS by file name (`header.css`), for declarative shadow roots. */
  elementStyles: Record<string, string>;
  /** CSP hash sources (`sha256-...`) of every inline style a page may carry. */
  styleHashes: string[];
}

/** The CSP hash source of an inline style or script's text. */
export const cspHash = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/** Reads what pages embed once at start-up, not per request. */
export function loadPageAssets(widgetsDir: string): PageAssets {
  const css = readFileSync(new URL('./site.css', import.meta.url), 'utf8');
  let manifest: ElementManifest = {};
  try {
    manifest = JSON.parse(readFileSync(join(widgetsDir, 'manifest.json'), 'utf8'));
  } catch {
    // Without a build the pages still render; widgets just are not preloaded.
  }
  const elementStyles: Record<string, string> = {};
  try {
    for (const file of readdirSync(join(widgetsDir, 'styles'))) {
      elementStyles[file] = readFileSync(join(widgetsDir, 'styles', file), 'utf8');
    }
  } catch {
    // Not built: elements render unstyled until their code arrives.
  }
  const styleHashes = [css, ...Object.values(elementStyles)].map(cspHash);
  return { css, manifest, elementStyles, styleHashes };
}

/** The chunk URLs to preload for the elements a page uses, each once. */
export function preloadsFor(manifest: ElementManifest, tags: readonly string[]): string[] {
  return [...new Set(tags.flatMap((tag) => manifest[tag] ?? []))].map((file) => `/widgets/${file}`);
}
