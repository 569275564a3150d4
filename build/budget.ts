import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputBundle, OutputChunk, Plugin } from 'rollup';
import type { CompressedSizes } from './precompress';

export const KB = 1024;

export interface Budget {
  name: string;
  /** The entry chunk (the loader). */
  entry: string;
  /** Element chunks a page loads; each counts with every chunk it imports statically. */
  chunks: string[];
  maxGzip: number;
}

/** Looks up the package a bundled module belongs to (npm aliases hide the real name). */
function packageNameOf(moduleId: string): string | undefined {
  const match = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(moduleId);
  if (!match?.[1]) return undefined;
  try {
    return JSON.parse(readFileSync(join(match[1], 'package.json'), 'utf8')).name;
  } catch {
    return undefined;
  }
}

/** Fails the build if React's own runtime is bundled instead of Preact. */
export function noReact(): Plugin {
  return {
    name: 'no-react',
    generateBundle(_, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        for (const id of file.moduleIds) {
          const name = packageNameOf(id);
          if (name === 'react' || name === 'react-dom' || name === 'scheduler') {
            this.error(`${file.fileName} bundles ${name} (${id}); React must be aliased to preact/compat.`);
          }
        }
      }
    },
  };
}

function chunkNamed(bundle: OutputBundle, name: string): OutputChunk | undefined {
  return Object.values(bundle).find((file): file is OutputChunk => file.type === 'chunk' && file.name === name);
}

/** A chunk and everything it imports statically: what a browser must download for it. */
function closure(bundle: OutputBundle, chunk: OutputChunk, seen = new Set<string>()): Set<string> {
  if (seen.has(chunk.fileName)) return seen;
  seen.add(chunk.fileName);
  for (const imported of chunk.imports) {
    const next = bundle[imported];
    if (next?.type === 'chunk') closure(bundle, next, seen);
  }
  return seen;
}

/** Prints every output's sizes, then fails the build when a budget is exceeded. */
export function reportAndCheck(sizes: Map<string, CompressedSizes>, bundle: OutputBundle, budgets: Budget[]) {
  const rows = [...sizes].sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(...rows.map(([file]) => file.length));
  const kb = (n: number) => `${(n / KB).toFixed(2)} KB`.padStart(10);
  console.log(`\n${'file'.padEnd(width)}        raw       gzip     brotli`);
  for (const [file, size] of rows)
    console.log(`${file.padEnd(width)} ${kb(size.raw)} ${kb(size.gzip)} ${kb(size.brotli)}`);

  const failures: string[] = [];
  for (const budget of budgets) {
    const files = new Set<string>();
    for (const name of [budget.entry, ...budget.chunks]) {
      const chunk = chunkNamed(bundle, name);
      if (!chunk) failures.push(`budget "${budget.name}": no chunk named ${name}`);
      else closure(bundle, chunk, files);
    }
    const total = [...files].reduce((sum, file) => sum + (sizes.get(file)?.gzip ?? 0), 0);
    const names = [...files].map((file) => file.replace(/^chunks\//, '').replace(/-[\w-]{8}\.js$/, ''));
    const line = `budget "${budget.name}" (${names.join(' + ')}): ${kb(total).trim()} gzip of ${kb(budget.maxGzip).trim()}`;
    console.log(line);
    if (total > budget.maxGzip) failures.push(line);
  }
  if (failures.length) throw new Error(`Size budget exceeded:\n${failures.join('\n')}`);
}
