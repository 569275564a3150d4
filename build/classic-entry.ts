import MagicString from 'magic-string';
import type { Plugin } from 'rollup';

const IMPORT = '__portalImport';

/**
 * `portal.js` must run as a classic script on any page:
 * - no `import`/`export` statements (only `import()`), checked here;
 * - no top-level bindings leaking into the page: the chunk is wrapped in a function;
 * - absolute `import()` URLs: a classic script loaded from another origin without a
 *   `crossorigin` attribute resolves relative `import()` against about:blank, so
 *   chunk paths are resolved against the script's own `src`, read while it runs.
 */
export function classicEntry(name: string): Plugin {
  return {
    name: 'classic-entry',
    renderDynamicImport({ chunk }) {
      if (!chunk.isEntry || chunk.name !== name) return null;
      return { left: `${IMPORT}(`, right: ')' };
    },
    renderChunk(code, chunk) {
      if (!chunk.isEntry || chunk.name !== name) return null;
      if (chunk.imports.length || chunk.exports.length) {
        this.error(`${chunk.fileName} must not import or export statically: it is loaded as a classic script.`);
      }
      // currentScript is null only when not run as a classic <script>; the page's
      // own address is then the best guess. One helper keeps each import short.
      const base = `const b=document.currentScript?.src||location.href,${IMPORT}=p=>import(new URL(p,b).href);`;
      const wrapped = new MagicString(code).prepend(`(()=>{${base}`).append('\n})();');
      return { code: wrapped.toString(), map: wrapped.generateMap({ hires: true }) };
    },
  };
}
