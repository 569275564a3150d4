import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface BuiltFile {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

const SKIP = /\.(map|gz|br)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/**
 * Sizes of what the server actually sends: the build's precompressed `.gz`
 * (Zopfli) and `.br` next to each file; computed at maximum level only where the
 * build wrote none.
 */
function compressedSize(path: string, suffix: '.gz' | '.br', body: Buffer): number {
  if (existsSync(path + suffix)) return statSync(path + suffix).size;
  return suffix === '.gz'
    ? gzipSync(body, { level: 9 }).length
    : brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/** Every built widget file (source maps excluded: browsers fetch them only with DevTools open). */
export function builtFiles(dir: string): BuiltFile[] {
  return walk(dir)
    .filter((path) => !SKIP.test(path))
    .map((path) => {
      const body = readFileSync(path);
      return {
        file: relative(dir, path),
        raw: body.length,
        gzip: compressedSize(path, '.gz', body),
        brotli: compressedSize(path, '.br', body),
      };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}
