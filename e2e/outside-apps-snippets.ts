/**
 * The documented code an outside app copies, as files of the app: the package
 * README's code blocks that are modules (they start with `import`) and the `app`
 * snippets of the portal's `/docs` guides. Written under the app's `src/snippets/`,
 * they are type-checked with the app (bundler and NodeNext); the README's modules
 * that export something are re-exported by `src/snippets/readme.ts`, which the
 * React app renders (main.tsx, on `/readme`). The guides' snippets run in
 * e2e/docs-snippets.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GUIDES } from '../host/docs/guides';
import type { OutsideApp } from './outside-apps';

const README = join(process.cwd(), 'widgets/README.md');

/** A fenced ```ts or ```tsx block, indented as a list item's may be. */
const FENCE = /^( *)```(tsx?)\n([\s\S]*?)^\1```$/gm;
/** A `/docs` snippet an app bundles (host/docs/snippets.ts). */
const APP_SNIPPET = /<pre[^>]*data-snippet="app"[^>]*><code>([\s\S]*?)<\/code><\/pre>/g;

const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => {
    const characters: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
    return characters[name] ?? '';
  });

/** The README's module blocks: `[extension, code]`. */
export function readmeModules(markdown = readFileSync(README, 'utf8')): Array<[string, string]> {
  return [...markdown.matchAll(FENCE)]
    .map(([, indent = '', language = 'ts', body = '']): [string, string] => [
      language,
      body.replace(new RegExp(`^${indent}`, 'gm'), ''),
    ])
    .filter(([, body]) => body.startsWith('import '));
}

/** The `app` snippets of one `/docs` guide, as a reader copies them. */
export function guideSnippets(name: string, portalOrigin: string): string[] {
  const body = GUIDES[name]?.body(portalOrigin) ?? '';
  return [...body.matchAll(APP_SNIPPET)].map(([, code = '']) => unescapeHtml(code));
}

/** File name (under `src/snippets/`) -> code, for an app made from `template`. */
export function documentedSnippets(template: OutsideApp['template'], portalOrigin: string): Record<string, string> {
  const files: Record<string, string> = {};
  const extension = template === 'react' ? 'tsx' : 'ts';
  for (const name of Object.keys(GUIDES)) {
    // The Vue guide's code is for a Vue app; the others' are any app's (the React app takes them).
    if ((name === 'vue') !== (template === 'vue')) continue;
    guideSnippets(name, portalOrigin).forEach((code, index) => {
      files[`docs-${name}-${index + 1}.${extension}`] = code;
    });
  }
  if (template === 'react') {
    const exported: string[] = [];
    readmeModules().forEach(([language, code], index) => {
      files[`readme-${index + 1}.${language}`] = code;
      if (/^export /m.test(code)) exported.push(`export * from './readme-${index + 1}.js';\n`);
    });
    files['readme.ts'] = exported.join('');
  }
  return files;
}
