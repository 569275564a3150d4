import { transform } from 'esbuild';
import type { Plugin } from 'rollup';

/**
 * Imports `*.css` files as minified strings, for constructable stylesheets in
 * shadow roots. Used by the build and, through `fromRollup`, by the widget tests.
 */
export function cssString(): Plugin {
  return {
    name: 'css-string',
    async transform(code, id) {
      if (!id.endsWith('.css')) return null;
      const { code: css } = await transform(code, { loader: 'css', minify: true });
      return { code: `export default ${JSON.stringify(css.trim())};`, map: { mappings: '' } };
    },
  };
}
