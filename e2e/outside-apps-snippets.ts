/**
 * The documented code an outside app copies, as files of the app: every TypeScript
 * block of the package README and of docs/embedding.md, and the `app` snippets of the
 * portal's `/docs` guides. Written under the app's `src/snippets/` (a block that imports
 * Vue's Vite plugin or `/vue` typings into the Vue app, the others into the React
 * apps), they are type-checked with the app (bundler and NodeNext); the README's
 * modules that export something are re-exported by `src/snippets/readme.ts`, which the
 * React app renders (main.tsx, on `/readme`). The guides' snippets also run in
 * e2e/docs-snippets.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GUIDES } from '../host/docs/guides';
import type { OutsideApp } from './outside-apps';

/** The documents whose TypeScript blocks are code to copy, by the name their files get. */
const DOCUMENTS = { readme: 'widgets/README.md', embedding: 'docs/embedding.md' };

/** A fenced ```ts or ```tsx block, indented as a list item's may be. */
const FENCE = /^( *)```(tsx?)\n([\s\S]*?)^\1```$/gm;
/** A `/docs` snippet an app bundles (host/docs/snippets.ts). */
const APP_SNIPPET = /<pre[^>]*data-snippet="app"[^>]*><code>([\s\S]*?)<\/code><\/pre>/g;

const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => {
    const characters: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
    return characters[name] ?? '';
  });

/** A document's TypeScript blocks: `[extension, code]`. */
export function codeBlocks(markdown: string): Array<[string, string]> {
  return [...markdown.matchAll(FENCE)].map(([, indent = '', language = 'ts', body = '']): [string, string] => [
    language,
    body.replace(new RegExp(`^${indent}`, 'gm'), ''),
  ]);
}

/** Which app a snippet belongs in: Vue's when it imports Vue's plugin or typings. */
const templateOf = (code: string): OutsideApp['template'] =>
  /from '(@vitejs\/plugin-vue|vue|@industrial-portal\/widgets\/vue)'/.test(code) ? 'vue' : 'react';

/** The `app` snippets of one `/docs` guide, as a reader copies them. */
export function guideSnippets(name: string, portalOrigin: string): string[] {
  const body = GUIDES[name]?.body(portalOrigin) ?? '';
  return [...body.matchAll(APP_SNIPPET)].map(([, code = '']) => unescapeHtml(code));
}

/** File name (under `src/snippets/`) -> code, for an app made from `template`. */
export function documentedSnippets(template: OutsideApp['template'], portalOrigin: string): Record<string, string> {
  const files: Record<string, string> = {};
  const exported: string[] = [];
  const add = (name: string, extension: string, code: string) => {
    if (templateOf(code) !== template) return;
    files[`${name}.${template === 'vue' ? 'ts' : extension}`] = code;
    if (name.startsWith('readme-') && /^export (function|const|class) /m.test(code))
      exported.push(`export * from './${name}.js';\n`);
  };
  for (const name of Object.keys(GUIDES)) {
    for (const [index, code] of guideSnippets(name, portalOrigin).entries())
      add(`docs-${name}-${index + 1}`, 'tsx', code);
  }
  for (const [name, path] of Object.entries(DOCUMENTS)) {
    const blocks = codeBlocks(readFileSync(join(process.cwd(), path), 'utf8'));
    for (const [index, [extension, code]] of blocks.entries()) add(`${name}-${index + 1}`, extension, code);
  }
  if (template === 'react') files['readme.ts'] = exported.join('');
  return files;
}
