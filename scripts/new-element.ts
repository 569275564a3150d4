/**
 * `npm run new:element -- <name>`: writes `widgets/<name>/` (element file, component
 * and view, styles, widget test, README) and the element's line in the registry
 * (widgets/elements.ts). The build then takes it everywhere: its own module
 * (`esm/portal-<name>.js`), the manifest, the typings for React, Preact and Vue, and
 * /docs. Its line says `script: 'page'`: a page loads it with its own module script,
 * so portal.js (in every page's size budget) does not list it, and no layout carries
 * it until its line names one. The documents' generated tables are rewritten, so
 * the element has its row there too.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { elementFolderFiles, elementNames } from './new-element-files';

const REGISTRY = 'widgets/elements.ts';
/** `npm run docs:tables`: rewrites the tables README.md and docs/ generate from the code. */
const DOC_TABLES = 'build/docs-tables.ts';
/** The registry's closing line (`} satisfies Record<…, ElementEntry>;`): the new entry goes just above it, last. */
const REGISTRY_END = /^\} satisfies Record<.*, ElementEntry>;$/m;
/** Lowercase words of letters and digits, joined by single hyphens: `hello-world`. */
const NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** Why `name` cannot be a new element of the tree at `root`; undefined when it can. */
export function refusal(root: string, name: string | undefined): string | undefined {
  if (!name) return 'give the element a name: npm run new:element -- <name> (e.g. hello-world)';
  if (!NAME.test(name)) return `"${name}" is not lowercase words joined by hyphens (e.g. hello-world)`;
  if (name.startsWith('portal-')) return `"${name}": give the name without portal- (the tag is portal-<name>)`;
  if (existsSync(join(root, 'widgets', name))) return `widgets/${name}/ exists already`;
  const registry = readFileSync(join(root, REGISTRY), 'utf8');
  if (registry.includes(`'portal-${name}'`)) return `portal-${name} is in ${REGISTRY} already`;
  if (!REGISTRY_END.test(registry))
    return `${REGISTRY} does not end its list with } satisfies Record<…, ElementEntry>;`;
  return undefined;
}

/** Writes the folder and the registry line; returns the paths written. */
export function scaffoldElement(root: string, name: string): string[] {
  const problem = refusal(root, name);
  if (problem) throw new Error(problem);
  const names = elementNames(name);
  const folder = join(root, 'widgets', name);
  mkdirSync(folder);
  const written = Object.entries(elementFolderFiles(names)).map(([file, content]) => {
    writeFileSync(join(folder, file), content);
    return `widgets/${name}/${file}`;
  });
  const registry = readFileSync(join(root, REGISTRY), 'utf8');
  const line = `  '${names.tag}': { module: '${name}/${name}.element', script: 'page' },\n`;
  writeFileSync(
    join(root, REGISTRY),
    registry.replace(REGISTRY_END, (end) => `${line}${end}`),
  );
  const paths = [...written, REGISTRY];
  // Formatted as `npm run check` wants it, whatever the name does to import order or line length.
  execFileSync(join(root, 'node_modules/.bin/biome'), ['check', '--write', ...paths], { cwd: root, stdio: 'ignore' });
  // The documents' generated tables list every element of the registry: give them its row.
  if (existsSync(join(root, DOC_TABLES)))
    execFileSync(process.execPath, ['--import', 'tsx', DOC_TABLES], { cwd: root, stdio: 'ignore' });
  return paths;
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const root = resolve(import.meta.dirname, '..');
  const name = process.argv[2];
  const problem = refusal(root, name);
  if (problem || !name) {
    console.error(`new:element: ${problem}`);
    process.exit(1);
  }
  for (const path of scaffoldElement(root, name)) console.log(`wrote ${path}`);
  console.log(`<portal-${name}>: edit its files, then npm test. Put it on a layout with its registry line's layouts.`);
}
