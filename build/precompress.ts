import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { OutputAsset, OutputChunk, Plugin } from 'rollup';

const brotliAsync = promisify(brotliCompress);

export interface CompressedSizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/**
 * Compresses a file's bytes the way the server will send them: gzip by Zopfli (a
 * smaller, standard gzip stream that costs time once at build), brotli at level 11.
 */
export async function compress(bytes: Buffer) {
  const [gz, br] = await Promise.all([
    gzipAsync(bytes, { numiterations: 15 }).then((gz) => Buffer.from(gz)),
    brotliAsync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  ]);
  return { gz, br };
}

export function bytesOf(file: OutputAsset | OutputChunk): Buffer {
  return Buffer.from(file.type === 'chunk' ? file.code : file.source);
}

/**
 * Writes `.gz` and `.br` beside every JavaScript and JSON file, so the server
 * sends compressed bytes without compressing per request. Reports each size.
 */
export function precompress(onSizes: (sizes: Map<string, CompressedSizes>) => void): Plugin {
  return {
    name: 'precompress',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? '.';
      const sizes = new Map<string, CompressedSizes>();
      const files = Object.values(bundle).filter((file) => /\.(js|json)$/.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const bytes = bytesOf(file);
          const { gz, br } = await compress(bytes);
          const path = join(dir, file.fileName);
          await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)]);
          sizes.set(file.fileName, { raw: bytes.length, gzip: gz.length, brotli: br.length });
        }),
      );
      onSizes(sizes);
    },
  };
}
