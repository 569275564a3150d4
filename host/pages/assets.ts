import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { EARLY_CLICK_KEEPER } from '../../contract/early-clicks';
import type { ElementManifest, WidgetBuild } from '../widget-build';
import { CONSENT_MARK, NOTICE_SCRIPT } from './cookie-notice';

export type { ElementManifest } from '../widget-build';

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

/** The inline script in every page's head: the early-click keeper, then the cookie consent's mark. */
export const headScript = `${EARLY_CLICK_KEEPER};${CONSENT_MARK}`;

/** CSP hash sources of the inline scripts pages carry. */
export const pageScriptHashes = [cspHash(headScript), cspHash(NOTICE_SCRIPT)];

/** The print sheet of articles and product pages, inline with `media="print"` (see document.tsx); comments and runs of white space dropped. */
export const printCss = readFileSync(new URL('./print.css', import.meta.url), 'utf8')
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/\s+/g, ' ')
  .trim();

/** What pages embed, from the build read at start (and the site's own sheets). */
export function loadPageAssets(build: Pick<WidgetBuild, 'manifest' | 'elementStyles'>): PageAssets {
  const css = readFileSync(new URL('./site.css', import.meta.url), 'utf8');
  const { manifest, elementStyles } = build;
  const styleHashes = [css, printCss, ...Object.values(elementStyles)].map(cspHash);
  return { css, manifest, elementStyles, styleHashes };
}

/** The chunk URLs to preload for the elements a page uses, each once. */
export function preloadsFor(manifest: ElementManifest, tags: readonly string[]): string[] {
  return [...new Set(tags.flatMap((tag) => manifest[tag] ?? []))].map((file) => `/widgets/${file}`);
}
