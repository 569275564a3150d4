import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rowsOf } from './docs-markdown';
import { TABLES } from './docs-table-sources';

/**
 * The documents' tables that the code can say: each sits between
 * `<!-- generated:NAME -->` and `<!-- /generated:NAME -->` in README.md or a
 * docs/ guide, and is rewritten from the code by `npm run docs:tables`.
 * build/docs-tables.test.ts fails when a document says something else.
 */

export const FIX_COMMAND = 'npm run docs:tables';

const BLOCK = /(<!-- generated:([\w-]+) -->\n)([\s\S]*?)(<!-- \/generated:\2 -->)/g;

/** README.md and every guide in docs/: the documents whose tables are checked. */
export function documents(root = process.cwd()): string[] {
  const guides = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join('docs', name));
  return ['README.md', ...guides];
}

/** The generated blocks of a document, by name. */
export function blocks(text: string): Map<string, string> {
  return new Map([...text.matchAll(BLOCK)].map((match) => [match[2] ?? '', match[3] ?? '']));
}

/** A document with each generated block rewritten; an unknown block name is an error naming it. */
export function rewrite(text: string, file: string): string {
  return text.replace(BLOCK, (_whole, open: string, name: string, body: string, close: string) => {
    const source = TABLES[name];
    if (!source)
      throw new Error(
        `${file}: no generator for <!-- generated:${name} --> (known: ${Object.keys(TABLES).join(', ')})`,
      );
    return `${open}${source.render(rowsOf(body))}\n${close}`;
  });
}

export interface Drift {
  file: string;
  /** The generated blocks whose text differs from the code's. */
  tables: string[];
}

/** Each document whose generated tables differ from what the code says; with `write`, rewrites them. */
export function updateDocTables(options: { write: boolean; root?: string } = { write: false }): Drift[] {
  const root = options.root ?? process.cwd();
  const drifts: Drift[] = [];
  for (const file of documents(root)) {
    const path = join(root, file);
    const text = readFileSync(path, 'utf8');
    const updated = rewrite(text, file);
    if (updated === text) continue;
    const before = blocks(text);
    const after = blocks(updated);
    drifts.push({ file, tables: [...after.keys()].filter((name) => after.get(name) !== before.get(name)) });
    if (options.write) writeFileSync(path, updated);
  }
  return drifts;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const drifts = updateDocTables({ write: true });
  for (const { file, tables } of drifts) console.log(`${file}: rewrote ${tables.join(', ')}`);
  if (drifts.length === 0) console.log('Every generated table already says what the code says.');
}
