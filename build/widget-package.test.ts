import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ELEMENTS } from '../widgets/elements';

const ROOT = process.cwd();
const BIN = join(ROOT, 'node_modules/.bin');
const NAME = '@industrial-portal/widgets';
const TAGS = Object.keys(ELEMENTS).toSorted();
/** What the portal's server needs and an app embedding the elements must never get. */
const SERVER_PACKAGES = ['express', 'better-sqlite3', 'pino', 'helmet', 'compression', 'cors', 'sanitize-html', 'tsx'];

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { ...result, output: `${result.stdout}\n${result.stderr}` };
}

interface Packed {
  filename: string;
  size: number;
  files: { path: string }[];
}

describe('the element package (widgets/), packed and installed as an app would', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'widget-package-'));
  let packed: Packed;
  let tarball: string;
  const app = join(scratch, 'app');

  before(() => {
    assert.ok(existsSync(join(ROOT, 'dist/widgets/portal.js')), 'no build in dist/widgets: run `npm run build` first');
    const pack = run('npm', ['pack', '--json', '--pack-destination', scratch], join(ROOT, 'widgets'));
    assert.equal(pack.status, 0, pack.output);
    [packed] = JSON.parse(pack.stdout) as [Packed];
    tarball = join(scratch, packed.filename);
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('holds every export and nothing else: no sources, maps, compressed copies or server code', () => {
    const files = packed.files.map((file) => file.path).toSorted();
    const expected = [
      'package.json',
      'README.md',
      'dist/index.js',
      'dist/portal.js',
      'dist/chat.js',
      'dist/custom-elements.json',
      'dist/vscode.html-custom-data.json',
      ...['index', 'react', 'preact', 'vue', 'script'].map((name) => `dist/types/${name}.d.ts`),
      ...TAGS.flatMap((tag) => [`dist/esm/${tag}.js`, `dist/node/${tag}.js`, `dist/types/elements/${tag}.d.ts`]),
    ];
    for (const file of expected) assert.ok(files.includes(file), `${file} is not in the package`);
    const strays = files.filter((file) => !expected.includes(file) && !/^dist\/chunks\/[\w-]+\.js$/.test(file));
    assert.deepEqual(strays, []);
    // The manifest in the package names the package's own files.
    const elements = JSON.parse(readFileSync(join(ROOT, 'widgets/dist/custom-elements.json'), 'utf8')) as {
      modules: { path: string; exports: { declaration: { module: string } }[] }[];
    };
    for (const module of elements.modules) {
      assert.ok(files.includes(module.path), `custom-elements.json names ${module.path}, which is not in the package`);
      for (const exported of module.exports) assert.equal(exported.declaration.module, module.path);
    }
    const manifest = JSON.parse(readFileSync(join(ROOT, 'widgets/package.json'), 'utf8'));
    assert.equal(manifest.name, NAME);
    assert.equal(manifest.private, undefined);
    assert.ok(manifest.license, 'a licence is named');
    assert.deepEqual(manifest.dependencies ?? {}, {}, 'the elements bundle what they use');
  });

  it('passes publint and arethetypeswrong (an ES module package)', () => {
    const publint = run(join(BIN, 'publint'), ['run', tarball, '--level', 'warning', '--strict'], ROOT);
    assert.equal(publint.status, 0, publint.output);
    assert.match(publint.output, /All good/);
    const attw = run(
      join(BIN, 'attw'),
      [
        tarball,
        '--profile',
        'esm-only',
        '--no-definitely-typed',
        '--format',
        'json',
        '--include-entrypoints',
        ...TAGS.map((tag) => `./elements/${tag}`),
      ],
      ROOT,
    );
    assert.equal(attw.status, 0, attw.output);
  });

  it('installs offline from the tarball alone, without any server package', () => {
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'embedding-app', private: true, type: 'module' }));
    const install = run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], app);
    assert.equal(install.status, 0, install.output);
    const installed = readdirSync(join(app, 'node_modules')).filter((name) => !name.startsWith('.'));
    assert.deepEqual(installed, ['@industrial-portal']);
    assert.deepEqual(readdirSync(join(app, 'node_modules/@industrial-portal')), ['widgets']);
    for (const name of SERVER_PACKAGES)
      assert.ok(!existsSync(join(app, 'node_modules', name)), `${name} was installed`);
  });

  it('imports in Node: every element entry (nothing to define without a DOM) and configurePortal', () => {
    for (const tag of TAGS) {
      const imported = run('node', ['-e', `await import('${NAME}/elements/${tag}')`, '--input-type=module'], app);
      assert.equal(imported.status, 0, `${tag}: ${imported.output}`);
    }
    const configured = run(
      'node',
      [
        '--input-type=module',
        '-e',
        `const { configurePortal } = await import('${NAME}');
         configurePortal({ origin: 'https://www.example.cn/any/path', env: 'prod' });
         console.log(JSON.stringify(globalThis[Symbol.for('portal.config')]));`,
      ],
      app,
    );
    assert.equal(configured.status, 0, configured.output);
    assert.deepEqual(JSON.parse(configured.stdout), { env: { name: 'prod' } });
  });

  it('gives an app written in TypeScript its types: configurePortal, the tags and their events', () => {
    writeFileSync(
      join(app, 'app.ts'),
      `import { configurePortal, type PortalConfig } from '${NAME}';
import '${NAME}/elements/portal-login';
import type {} from '${NAME}/react';

const config: PortalConfig = { origin: 'https://www.example.cn', env: { name: 'prod', console: 'https://console.example.cn' } };
configurePortal(config);
// @ts-expect-error not an environment
configurePortal({ env: 'staging' });
const login = document.querySelector('portal-login');
login?.addEventListener('portal-login-signed-in', (event) => console.log(event.detail.name));
`,
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2023', 'DOM'],
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        files: ['app.ts'],
      }),
    );
    const tsc = run(join(BIN, 'tsc'), ['-p', app], app);
    assert.equal(tsc.status, 0, tsc.output);
  });
});
