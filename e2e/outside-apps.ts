/**
 * Apps outside the repository that use the element package as a customer's app
 * would: made from `e2e/outside-apps/<template>/` in a temporary folder, installed
 * from the registry and the packed tarball, with the documented snippets copied in
 * (outside-apps-snippets.ts), type-checked strictly twice (bundler and NodeNext
 * resolution), built with Vite and served on an origin of their own.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { documentedSnippets } from './outside-apps-snippets';

const ROOT = process.cwd();
const TEMPLATES = join(ROOT, 'e2e/outside-apps');
/** Kept between runs: npm's cache and each app's lockfile, keyed by the app's pinned versions. */
const CACHE = join(tmpdir(), 'portal-outside-apps');

export interface OutsideApp {
  /** A name for reports (`react18`). */
  name: string;
  /** The folder under `e2e/outside-apps/` its sources come from. */
  template: 'react' | 'vue';
  /** Exact versions: what the lockfile is kept for. */
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  /** The type checker's command in the app (`tsc`, `vue-tsc`). */
  typeChecker: string;
  /** Compiler options both checks share (JSX settings). */
  compilerOptions: Record<string, unknown>;
  /** What `tsconfig.json`'s `include` lists. */
  include: string[];
}

export interface PreparedApp {
  app: OutsideApp;
  folder: string;
  /** What the built app is served from. */
  dist: string;
  /** Seconds per step, for the report. */
  timings: Record<string, number>;
}

export class CommandError extends Error {}

/** Runs a command and resolves with its output; rejects with the output when it fails. */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, NO_COLOR: '1', ...env } });
    let output = '';
    child.stdout.on('data', (data: Buffer) => {
      output += data;
    });
    child.stderr.on('data', (data: Buffer) => {
      output += data;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new CommandError(`${command} ${args.join(' ')} (in ${cwd}) exited with ${code}:\n${output}`)),
    );
  });
}

/** Packs `widgets/` (its `prepack` assembles `widgets/dist` from the build) into `folder`; the tarball's path. */
export async function packWidgets(folder: string): Promise<string> {
  if (!existsSync(join(ROOT, 'dist/widgets/portal.js')))
    throw new Error('no build in dist/widgets: run `npm run build`');
  const output = await run('npm', ['pack', '--json', '--pack-destination', folder], join(ROOT, 'widgets'));
  const [packed] = JSON.parse(output.slice(output.indexOf('['))) as [{ filename: string }];
  return join(folder, packed.filename);
}

const cacheKey = (app: OutsideApp) =>
  createHash('sha256')
    .update(JSON.stringify([process.version, app.dependencies, app.devDependencies]))
    .digest('hex')
    .slice(0, 16);

async function timed<T>(timings: Record<string, number>, step: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    timings[step] = Math.round(performance.now() - start) / 1000;
  }
}

/**
 * Makes `app` in a fresh temporary folder, installs it with the tarball, type-checks
 * it with `moduleResolution` `bundler` and `NodeNext`, and builds it for `portalOrigin`.
 */
export async function prepareApp(app: OutsideApp, tarball: string, portalOrigin: string): Promise<PreparedApp> {
  const folder = mkdtempSync(join(tmpdir(), `portal-outside-${app.name}-`));
  const timings: Record<string, number> = {};
  cpSync(join(TEMPLATES, app.template), folder, { recursive: true });
  mkdirSync(join(folder, 'src/snippets'));
  for (const [name, code] of Object.entries(documentedSnippets(app.template, portalOrigin)))
    writeFileSync(join(folder, 'src/snippets', name), code);
  writeFileSync(
    join(folder, 'package.json'),
    `${JSON.stringify(
      {
        name: `outside-${app.name}`,
        private: true,
        type: 'module',
        dependencies: { '@industrial-portal/widgets': `file:${tarball}`, ...app.dependencies },
        devDependencies: app.devDependencies,
      },
      null,
      2,
    )}\n`,
  );
  for (const [mode, module] of [
    ['bundler', 'ESNext'],
    ['nodenext', 'NodeNext'],
  ] as const)
    writeFileSync(
      join(folder, `tsconfig.${mode}.json`),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          module,
          moduleResolution: mode,
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          isolatedModules: true,
          types: [],
          ...app.compilerOptions,
        },
        include: app.include,
      }),
    );

  try {
    return await installCheckAndBuild(app, folder, portalOrigin, timings);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

async function installCheckAndBuild(
  app: OutsideApp,
  folder: string,
  portalOrigin: string,
  timings: Record<string, number>,
): Promise<PreparedApp> {
  mkdirSync(CACHE, { recursive: true });
  const lockfile = join(CACHE, `${app.name}-${cacheKey(app)}.package-lock.json`);
  if (existsSync(lockfile)) cpSync(lockfile, join(folder, 'package-lock.json'));
  await timed(timings, 'install', () =>
    run(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', '--cache', join(CACHE, 'npm'), '--loglevel', 'error'],
      folder,
    ),
  );
  cpSync(join(folder, 'package-lock.json'), lockfile);

  const bin = (name: string) => join(folder, 'node_modules/.bin', name);
  await timed(timings, 'types (bundler)', () => run(bin(app.typeChecker), ['-p', 'tsconfig.bundler.json'], folder));
  await timed(timings, 'types (NodeNext)', () => run(bin(app.typeChecker), ['-p', 'tsconfig.nodenext.json'], folder));
  await timed(timings, 'build', () =>
    run(bin('vite'), ['build', '--logLevel', 'warn'], folder, { VITE_PORTAL_ORIGIN: portalOrigin }),
  );
  return { app, folder, dist: join(folder, 'dist'), timings };
}

export function removeApp(prepared: PreparedApp | undefined) {
  if (prepared) rmSync(prepared.folder, { recursive: true, force: true });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * A static server for a built app on `port` of every interface (as the portal's
 * own sites listen), answering what `folder()` holds and `index.html` for any
 * other path (client-side routes); 503 until the build is there.
 */
export function serveApp(folder: () => string | undefined, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const root = folder();
    if (!root || !existsSync(join(root, 'index.html'))) return void res.writeHead(503).end();
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://app').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    let file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve(server));
  });
}

export interface EmulatedImport {
  /** The tags defined once every module was imported. */
  defined: string[];
  /** What the console said while importing and placing them. */
  warnings: string[];
  errors: string[];
  /** Exceptions: an import or a placing that threw, an uncaught error, an unhandled rejection. */
  thrown: string[];
}

/**
 * Imports each tag's module of the package installed in `folder` under a DOM
 * emulator, as a unit test of the app in Vitest or Jest would
 * (test-support/dom-emulator.mjs), then places each tag on its page at `url`.
 */
export async function importUnderEmulator(
  folder: string,
  emulator: 'jsdom' | 'happy-dom',
  url: string,
  tags: string[],
): Promise<EmulatedImport> {
  const modules = tags.map((tag) => `${tag}=@industrial-portal/widgets/elements/${tag}`);
  const output = await run(
    process.execPath,
    [join(ROOT, 'test-support/dom-emulator.mjs'), emulator, url, ...modules],
    folder,
  );
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as EmulatedImport;
}
