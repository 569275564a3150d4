import { basename } from 'node:path';
import { transform } from 'esbuild';
import type { Plugin } from 'rollup';

/**
 * Imports `*.css` files as minified strings, for constructable stylesheets in
 * shadow roots. With `emit`, also writes each as `styles/<name>.css`, which the
 * host inlines into the declarative shadow roots it renders. Used by the build
 * and, through `fromRollup`, by the widget tests.
 */
export function cssString(options: { emit?: boolean } = {}): Plugin {
  return {
    name: 'css-string',
    async transform(code, id) {
      if (!id.endsWith('.css')) return null;
      const { code: minified } = await transform(code, { loader: 'css', minify: true });
      const css = minified.trim();
      if (options.emit) this.emitFile({ type: 'asset', fileName: `styles/${basename(id)}`, source: css });
      return { code: `export default ${JSON.stringify(css)};`, map: { mappings: '' } };
    },
  };
}
