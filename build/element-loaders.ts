import { resolve } from 'node:path';
import type { Plugin } from 'rollup';
import { ELEMENTS, elementsDefinedBy } from '../widgets/elements';

/** The module portal.ts imports its map from; written by the build, never by hand. */
export const ELEMENT_LOADERS_MODULE = 'virtual:portal-element-loaders';
const RESOLVED = `\0${ELEMENT_LOADERS_MODULE}`;

/**
 * Writes the loader's map (tag -> `import()` of its module) from the element
 * registry, for the elements `portal.js` defines. Generated rather than imported
 * so portal.js, which every page loads, carries no more of the registry than that.
 */
export function elementLoaders(widgetsDir = resolve('widgets')): Plugin {
  return {
    name: 'element-loaders',
    resolveId: (source) => (source === ELEMENT_LOADERS_MODULE ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const lines = elementsDefinedBy('portal').map(
        (tag) =>
          `  ${JSON.stringify(tag)}: () => import(${JSON.stringify(resolve(widgetsDir, ELEMENTS[tag].module))}),`,
      );
      return `export const elementLoaders = {\n${lines.join('\n')}\n};\n`;
    },
  };
}
