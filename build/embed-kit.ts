import type { Plugin } from 'rollup';
import { CUSTOM_ELEMENTS_FILE, customElementsManifest } from './custom-elements';
import { type ElementDocs, elementFiles, missingDocs, readElementsDocs } from './element-docs';
import { elementDeclarations } from './element-types';
import { VSCODE_CUSTOM_DATA_FILE, vscodeCustomData } from './vscode-custom-data';

const ELEMENT_MODULE = /[\\/](widgets[\\/]([a-z-]+)[\\/]\2\.element\.tsx?)$/;

/** Reads every element's reference; throws with every gap when one is undocumented. */
export function documentedElements(root: string): ElementDocs[] {
  const elements = readElementsDocs(root, elementFiles(root));
  const problems = elements.flatMap(missingDocs);
  if (problems.length) throw new Error(`Undocumented element API:\n  ${problems.join('\n  ')}`);
  return elements;
}

/**
 * What developers who embed the widgets get besides `portal.js`, written with the
 * build from the elements' own JSDoc and code (read by @custom-elements-manifest/analyzer):
 * - `custom-elements.json`, the custom elements manifest, and the same for VS Code's
 *   HTML completion (`vscode.html-custom-data.json`);
 * - `types/`: declarations for the DOM and for React, Preact and Vue templates, from the manifest;
 * - `esm/<tag>.js`: each element as an ES module (it imports the element's chunk).
 */
export function embedKit(root = process.cwd()): Plugin {
  let elements: ElementDocs[] = [];
  return {
    name: 'embed-kit',
    buildStart() {
      try {
        elements = documentedElements(root);
      } catch (error) {
        this.error((error as Error).message);
      }
      for (const element of elements) this.addWatchFile(`${root}/${element.path}`);
    },
    generateBundle(_, bundle) {
      const manifest = customElementsManifest(elements);
      this.emitFile({
        type: 'asset',
        fileName: CUSTOM_ELEMENTS_FILE,
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      });
      this.emitFile({
        type: 'asset',
        fileName: VSCODE_CUSTOM_DATA_FILE,
        source: `${JSON.stringify(vscodeCustomData(manifest), null, 2)}\n`,
      });
      for (const [name, source] of Object.entries(elementDeclarations(manifest))) {
        this.emitFile({ type: 'asset', fileName: `types/${name}`, source });
      }
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        // The chunk holding the element's module (a dynamic entry sharing modules
        // with other chunks has no facade, so look inside).
        for (const id of file.moduleIds) {
          const path = ELEMENT_MODULE.exec(id)?.[1]?.replace(/\\/g, '/');
          const element = elements.find((e) => e.path === path);
          if (!element) continue;
          this.emitFile({
            type: 'asset',
            fileName: `esm/${element.tagName}.js`,
            source: `import '../${file.fileName}';\n`,
          });
        }
      }
    },
  };
}
