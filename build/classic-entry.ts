import type { Plugin } from 'rollup';

/**
 * `portal.js` must run as a classic script on any page: no `import`/`export`
 * statements (only `import()`), and no top-level bindings leaking into the page.
 * This checks the first and wraps the chunk in a function for the second.
 */
export function classicEntry(name: string): Plugin {
  return {
    name: 'classic-entry',
    renderChunk(code, chunk) {
      if (!chunk.isEntry || chunk.name !== name) return null;
      if (chunk.imports.length || chunk.exports.length) {
        this.error(`${chunk.fileName} must not import or export statically: it is loaded as a classic script.`);
      }
      return { code: `(()=>{${code}\n})();`, map: null };
    },
  };
}
