import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { transform } from 'esbuild';
import type { Plugin } from 'rollup';

/**
 * Imports `*.css` files as minified strings, for constructable stylesheets in
 * shadow roots. With `emit`, also writes each as `styles/<name>.css`, which the
 * host inlines into the declarative shadow roots it renders. Used by the build
 * and, through `fromRollup`, by the widget tests.
 */
export function cssString(options: { emit?: boolean; serverOnlyDir?: string } = {}): Plugin {
  return {
    name: 'css-string',
    // `*.noscript.css` is for visitors without scripts: no module imports it, the
    // server inlines it in a <noscript>, so it is emitted without a JS twin.
    async buildStart() {
      if (!options.emit || !options.serverOnlyDir) return;
      const dir = options.serverOnlyDir;
      for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !entry.name.endsWith('.noscript.css')) continue;
        const path = join(entry.parentPath, entry.name);
        this.addWatchFile(path);
        const { code } = await transform(readFileSync(path, 'utf8'), { loader: 'css', minify: true });
        this.emitFile({ type: 'asset', fileName: `styles/${entry.name}`, source: code.trim() });
      }
    },
    async transform(code, id) {
      if (!id.endsWith('.css')) return null;
      const { code: minified } = await transform(code, { loader: 'css', minify: true });
      const css = minified.trim();
      if (options.emit) this.emitFile({ type: 'asset', fileName: `styles/${basename(id)}`, source: css });
      return { code: `export default ${JSON.stringify(css)};`, map: { mappings: '' } };
    },
  };
}
