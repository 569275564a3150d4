/**
 * Puts the element package together in `widgets/dist/` from the build in
 * `dist/widgets/` (`npm run build` first): run by `npm pack` / `npm publish` in
 * `widgets/` (its `prepack`). The portal keeps serving `dist/widgets/` as it is.
 *
 * - `index.js`: `configurePortal`, on its own (nothing of the elements' runtime);
 * - `portal.js`, `chat.js`, `chunks/`, `esm/<tag>.js`: as served, without source maps;
 * - `node/<tag>.js`: what a server or a test runner without a DOM gets for an
 *   element (the `node` condition): nothing to define, so importing is harmless;
 * - `types/`: the generated declarations, with `configurePortal`'s in the package's
 *   entry (the served `/widgets/types/index.d.ts` describes only the elements), and
 *   one per element entry.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { configDeclarations } from './config-types';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUILT = join(ROOT, 'dist/widgets');
const OUT = join(ROOT, 'widgets/dist');

const pascal = (tag: string) => tag.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
const withoutMap = (code: string) => code.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '\n');

/** Copies the built scripts of `folder` (or the named files), without their maps and compressed copies. */
function copyScripts(names: string[], from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const name of names) writeFileSync(join(to, name), withoutMap(readFileSync(join(from, name), 'utf8')));
}

export async function assembleWidgetPackage(): Promise<string[]> {
  if (!existsSync(join(BUILT, 'portal.js'))) throw new Error(`${BUILT} has no build: run \`npm run build\` first`);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });

  copyScripts(['portal.js', 'chat.js'], BUILT, OUT);
  const scripts = (folder: string) => readdirSync(join(BUILT, folder)).filter((name) => name.endsWith('.js'));
  copyScripts(scripts('chunks'), join(BUILT, 'chunks'), join(OUT, 'chunks'));
  copyScripts(scripts('esm'), join(BUILT, 'esm'), join(OUT, 'esm'));
  // The manifest names the modules from the package's root: here `dist/esm/<tag>.js`.
  writeFileSync(
    join(OUT, 'custom-elements.json'),
    readFileSync(join(BUILT, 'custom-elements.json'), 'utf8').replaceAll('"dist/widgets/esm/', '"dist/esm/'),
  );
  cpSync(join(BUILT, 'vscode.html-custom-data.json'), join(OUT, 'vscode.html-custom-data.json'));
  mkdirSync(join(OUT, 'types/elements'), { recursive: true });
  for (const name of readdirSync(join(BUILT, 'types')).filter((file) => file.endsWith('.d.ts')))
    cpSync(join(BUILT, 'types', name), join(OUT, 'types', name));
  const elementTypes = readFileSync(join(BUILT, 'types/index.d.ts'), 'utf8');
  const [header, ...rest] = elementTypes.split('\n');
  writeFileSync(join(OUT, 'types/index.d.ts'), [header, configDeclarations(ROOT), ...rest].join('\n'));

  await build({
    entryPoints: [join(ROOT, 'widgets/index.ts')],
    outfile: join(OUT, 'index.js'),
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });

  writeFileSync(
    join(OUT, 'types/script.d.ts'),
    '// portal.js and chat.js are classic scripts for a <script src> tag: they export nothing.\nexport {};\n',
  );

  const tags = scripts('esm').map((name) => name.replace(/\.js$/, ''));
  mkdirSync(join(OUT, 'node'), { recursive: true });
  for (const tag of tags) {
    writeFileSync(
      join(OUT, 'node', `${tag}.js`),
      `// <${tag}> outside a browser: without a DOM there is nothing to define, so importing it\n` +
        `// (server rendering, unit tests) does nothing; with one (jsdom, happy-dom) it is the element.\n` +
        `if (typeof customElements !== 'undefined' && typeof document !== 'undefined') await import('../esm/${tag}.js');\n`,
    );
    writeFileSync(
      join(OUT, 'types/elements', `${tag}.d.ts`),
      `// Importing the module defines <${tag}>; the package's types describe it.\nexport type { ${pascal(tag)}Element } from '../index.js';\n`,
    );
  }
  return tags;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const tags = await assembleWidgetPackage();
  // On stderr: `npm pack --json` keeps stdout for its answer.
  process.stderr.write(
    `widgets/dist: ${tags.length} elements, configurePortal, portal.js, chat.js, types, custom-elements.json\n`,
  );
}
