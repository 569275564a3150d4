import { cpSync, existsSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import type { Stamp } from './stamp.js';

/**
 * The server for production: `server.ts` and everything it runs (host/,
 * backend/, contract/, demo/, the widgets' server-rendered views and the
 * pure-JavaScript packages they use) compiled into one ES module,
 * `dist/server.js`, with its source map. One file starts in about half the
 * time of hundreds of modules resolved in node_modules (`npm run bench`, the
 * start-up row). Native modules cannot be bundled and stay in node_modules:
 * they, and only they, are the package's `dependencies` (checked below).
 *
 * Files the server reads at run time are found, not listed: every
 * `new URL('<path>', import.meta.url)` in its modules names one. Each module's
 * `import.meta.url` becomes its own address under `dist/` (`host/app.ts` ->
 * `dist/host/app.ts`), and what it names is copied there, so `dist/` holds the
 * tree the server reads, without its code.
 */

/** Packages with compiled parts, loaded from node_modules at run time. */
export const NATIVE_PACKAGES = ['better-sqlite3', '@resvg/resvg-js', 'sharp'];
/** Loaded only if installed (pg's native binding): not a dependency. */
const OPTIONAL_PACKAGES = ['pg-native'];

export interface ServerBuild {
  /** The packages the server loads from node_modules, sorted. */
  packages: string[];
  /** The files and folders copied beside it, relative to the project. */
  files: string[];
}

/** What the server knows of its own build: `--version` says it. */
export type BuildInfo = Pick<Stamp, 'version' | 'commit' | 'builtAt'>;

const FILE_URL = /new URL\(\s*(['"`])([^'"`$]*)\1\s*,\s*import\.meta\.url\s*\)/g;
const ANY_META_URL = /import\.meta\.url/g;
/** Code is in the bundle; tests and their helpers are never run from `dist/`. */
const NOT_COPIED = /(\.tsx?$|\.test\.|(^|\/)test-support(\/|$)|(^|\/)tsconfig\.json$)/;

const packageName = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] as string);

/** Compiles the server in `root` into `root/dist`. */
export async function buildServer(root: string, info: BuildInfo): Promise<ServerBuild> {
  const outDir = join(root, 'dist');
  const named = new Set<string>();
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['server.ts'],
    outfile: join(outDir, 'server.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...NATIVE_PACKAGES, ...OPTIONAL_PACKAGES],
    // Some bundled packages are CommonJS and require() Node's own modules: an ES module has no require of its own.
    banner: {
      js: "import { createRequire as createRequireOfServer } from 'node:module'; const require = createRequireOfServer(import.meta.url);",
    },
    define: { PORTAL_BUILD: JSON.stringify(info) },
    sourcemap: true,
    // Stack traces name the source's own files and lines; the sources themselves stay out of dist/.
    sourcesContent: false,
    // The bundled packages' licence notices, in one file beside it.
    legalComments: 'external',
    metafile: true,
    logLevel: 'silent',
    plugins: [
      {
        name: 'file-urls',
        setup(build) {
          build.onLoad({ filter: /\.tsx?$/ }, (args) => {
            if (args.path.includes('/node_modules/')) return undefined;
            const source = readFileSync(args.path, 'utf8');
            if (!source.includes('import.meta.url')) return undefined;
            const module = relative(root, args.path);
            const literal = [...source.matchAll(FILE_URL)];
            if (literal.length !== source.match(ANY_META_URL)?.length)
              return {
                errors: [
                  {
                    text: `${module}: import.meta.url is used other than in new URL('<path>', import.meta.url), so the production build cannot tell which file it names`,
                  },
                ],
              };
            for (const [, , path] of literal) named.add(join(dirname(module), path as string));
            const here = `new URL(${JSON.stringify(`./${module}`)}, import.meta.url).href`;
            return { contents: source.replace(ANY_META_URL, here), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
          });
        },
      },
    ],
  });
  const packages = new Set<string>();
  for (const output of Object.values(result.metafile.outputs))
    for (const imported of output.imports)
      if (imported.external && !isBuiltin(imported.path)) packages.add(packageName(imported.path));
  // A folder and a file inside it are copied once, with the folder.
  const files = [...named]
    .map((file) => file.replace(/\/$/, ''))
    .sort()
    .filter((file, index, all) => !all.slice(0, index).some((folder) => file.startsWith(`${folder}/`)));
  for (const file of files) copyFileOrFolder(join(root, file), join(outDir, file));
  return { packages: [...packages].sort(), files };
}

function copyFileOrFolder(from: string, to: string) {
  if (!existsSync(from))
    throw new Error(`${from} is named by the server (new URL(…, import.meta.url)) but does not exist`);
  const folder = statSync(from).isDirectory();
  cpSync(from, to, {
    recursive: true,
    filter: (source) => source === from || !NOT_COPIED.test(folder ? relative(from, source) : source),
  });
}

/**
 * What the running server needs from node_modules must be a dependency, and a
 * dependency must be something it needs: a production install keeps exactly
 * `dependencies`. The problems, one line each (none when they agree).
 */
export function dependencyProblems(loaded: string[], dependencies: string[]): string[] {
  const needed = loaded.filter((name) => !OPTIONAL_PACKAGES.includes(name));
  return [
    ...needed
      .filter((name) => !dependencies.includes(name))
      .map((name) => `the server loads ${name} from node_modules, but package.json does not list it in dependencies`),
    ...dependencies
      .filter((name) => !needed.includes(name))
      .map(
        (name) =>
          `package.json lists ${name} in dependencies, but the built server does not load it (bundled, or unused): move it to devDependencies`,
      ),
  ];
}
