import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { renderDocsIndex } from '../host/docs/docs-page';
import { readWidgetBuild } from '../host/widget-build';

const ROOT = process.cwd();
const NAME = 'hello-world';
const TAG = `portal-${NAME}`;

/**
 * The tree as a clone has it (tracked files, and new ones not ignored), without
 * node_modules (linked) or dist: the scaffold, the type check and the build run
 * there, never in this checkout.
 */
function copyOfTree(): string {
  const copy = mkdtempSync(join(tmpdir(), 'new-element-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  for (const file of files.split('\0').filter(Boolean)) {
    if (!existsSync(join(ROOT, file))) continue;
    mkdirSync(join(copy, dirname(file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(copy, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  return copy;
}

/** Runs a command in the copy; fails the test with its output when it fails. */
function run(copy: string, command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: copy, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  assert.equal(result.status, 0, `${command} ${args.join(' ')}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

// Slow (a type check and a whole build, about a minute): it is what keeps the scaffold from rotting.
describe('npm run new:element -- hello-world, in a copy of the tree', { timeout: 10 * 60_000 }, () => {
  let copy = '';
  before(() => {
    copy = copyOfTree();
    run(copy, 'npm', ['run', '--silent', 'new:element', '--', NAME]);
  });
  after(() => rmSync(copy, { recursive: true, force: true }));

  it('writes the folder and one registry line, and refuses the same name twice or a bad one', () => {
    for (const file of [`${NAME}.element.ts`, 'HelloWorld.tsx', 'HelloWorldView.tsx', `${NAME}.css`, `${NAME}.test.ts`])
      assert.ok(existsSync(join(copy, 'widgets', NAME, file)), file);
    assert.match(readFileSync(join(copy, 'widgets/elements.ts'), 'utf8'), new RegExp(`'${TAG}': \\{`));
    for (const name of [NAME, 'Hello_World', 'portal-x', ''])
      assert.notEqual(spawnSync('node', ['--import', 'tsx', 'scripts/new-element.ts', name], { cwd: copy }).status, 0);
  });

  it("passes the type check, the formatter and the documents' tables with no other edit", () => {
    run(copy, join(copy, 'node_modules/.bin/tsc'), ['--noEmit']);
    run(copy, join(copy, 'node_modules/.bin/biome'), ['check', `widgets/${NAME}`, 'widgets/elements.ts']);
    if (existsSync(join(copy, 'build/docs-tables.test.ts')))
      run(copy, 'node', ['--import', 'tsx', '--test', 'build/docs-tables.test.ts']);
  });

  it('is built into the manifest, its own module, the React and Vue types and the /docs list', () => {
    run(copy, 'node', ['--import', 'tsx', 'build/build.ts']);
    const dist = join(copy, 'dist/widgets');
    const manifest = JSON.parse(readFileSync(join(dist, 'custom-elements.json'), 'utf8'));
    const declaration = manifest.modules.find((m: { path: string }) => m.path === `dist/widgets/esm/${TAG}.js`)
      ?.declarations[0];
    assert.equal(declaration?.tagName, TAG);
    assert.deepEqual(
      declaration?.attributes.map((a: { name: string }) => a.name),
      ['lang', 'name'],
    );
    assert.ok(existsSync(join(dist, `esm/${TAG}.js`)));
    assert.ok(JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8'))[TAG]?.length);
    for (const types of ['react.d.ts', 'preact.d.ts', 'vue.d.ts'])
      assert.match(readFileSync(join(dist, 'types', types), 'utf8'), new RegExp(`'${TAG}': `), types);
    const release = { id: 'test', scriptPath: '/widgets/v/test/portal.js', integrity: 'sha384-test' };
    const docs = renderDocsIndex('nonce', 'https://portal.example', release, readWidgetBuild(dist).elements);
    assert.match(docs, new RegExp(`<a href="/docs/${TAG}"><code>&lt;${TAG}&gt;</code></a>: Hello world\\.`));
  });
});
