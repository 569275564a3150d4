import type { OutputBundle, OutputChunk, Plugin } from 'rollup';

export const MANIFEST_FILE = 'manifest.json';

/** For each tag, the chunk files that define it, in load order (dependencies last). */
export type ElementManifest = Record<string, string[]>;

const ELEMENT_MODULE = /[\\/]widgets[\\/]([a-z-]+)[\\/]\1\.element\.tsx?$/;

function staticClosure(bundle: OutputBundle, fileName: string, seen = new Set<string>()): string[] {
  if (seen.has(fileName)) return [];
  seen.add(fileName);
  const chunk = bundle[fileName] as OutputChunk;
  return [fileName, ...chunk.imports.flatMap((imported) => staticClosure(bundle, imported, seen))];
}

/**
 * Emits `manifest.json`: which chunk files each `portal-*` tag needs, so a server
 * rendering a page can preload exactly those with `<link rel="modulepreload">`.
 */
export function elementManifest(): Plugin {
  return {
    name: 'element-manifest',
    generateBundle(_, bundle) {
      const manifest: ElementManifest = {};
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.facadeModuleId) continue;
        const folder = ELEMENT_MODULE.exec(file.facadeModuleId)?.[1];
        if (folder) manifest[`portal-${folder}`] = staticClosure(bundle, file.fileName);
      }
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILE, source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}
