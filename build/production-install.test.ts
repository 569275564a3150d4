import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type PortalProcess, startPortalProcess } from '../e2e/portal-process';
import { connectionRefused } from '../host/test-support/server';

/**
 * The production install the README gives (`npm ci && npm run build && npm prune
 * --omit=dev`, then `node dist/server.js`), done on a copy of this tree: its
 * files, the build `npm test` just made and the installed node_modules, pruned
 * in the copy (a second `npm ci` would compile the native modules again, for
 * minutes). A package the running server needs but `dependencies` lacks fails here.
 */

const ROOT = process.cwd();
/** Development tools: none may be left after the prune. */
const TOOLS = ['tsx', 'rollup', 'esbuild', 'playwright', 'wtr', 'tsc', 'biome', 'lighthouse', 'publint', 'attw'];
const TOOL_PACKAGES = [
  'tsx',
  'rollup',
  'esbuild',
  '@playwright/test',
  'typescript',
  '@web/test-runner',
  '@biomejs/biome',
];
/** The sources: a deployed copy may have none of them, and the server must not read them. */
const SOURCES = ['server.ts', 'host', 'backend', 'contract', 'demo', 'widgets', 'types'];

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const NPM_RECORD = 'node_modules/.package-lock.json';

/** The files under `dir` changed after `marker` was written. */
const changedSince = (dir: string, marker: string) =>
  execFileSync('find', [dir, '-newer', marker], { encoding: 'utf8' }).split('\n').filter(Boolean);

/** This tree's files as a clean clone has them (tracked, and new ones not ignored), then dist/ and node_modules/. */
function copyTree(to: string) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file && existsSync(join(ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    cpSync(join(ROOT, file), join(to, file));
  }
  execFileSync('cp', ['-a', join(ROOT, 'dist'), to]);
  // node_modules' 40,000 files as hard links (a copy takes 5 to 30 s here): the prune
  // unlinks what it removes, which leaves this tree's files alone. The one file npm
  // rewrites in place, its record of the tree, is copied for real.
  execFileSync('cp', ['-al', join(ROOT, 'node_modules'), to]);
  rmSync(join(to, NPM_RECORD));
  cpSync(join(ROOT, NPM_RECORD), join(to, NPM_RECORD));
}

describe('a production install: built, pruned to its dependencies, started with node', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'portal-production-'));
  const app = join(scratch, 'app');
  let portal: PortalProcess | undefined;

  const marker = join(scratch, 'started');
  before(() => {
    assert.ok(existsSync(join(ROOT, 'dist/build.json')), 'no build in dist/: run npm run build first');
    writeFileSync(marker, '');
    copyTree(app);
    const prune = run('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund'], app);
    assert.equal(prune.status, 0, prune.output);
  });
  after(async () => {
    await portal?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('leaves no development tool installed', () => {
    for (const tool of TOOLS)
      assert.ok(!existsSync(join(app, 'node_modules/.bin', tool)), `${tool} is still installed`);
    for (const name of TOOL_PACKAGES)
      assert.ok(!existsSync(join(app, 'node_modules', name)), `${name} is still in node_modules`);
  });

  it('npm start finds the build current and starts without building', () => {
    const ensure = run(process.execPath, ['build/ensure-built.js'], app);
    assert.equal(ensure.status, 0, ensure.output);
    assert.equal(ensure.output, '', 'nothing built, nothing said');
  });

  it('with a source changed since the build, says how to build instead of failing on a missing tool', () => {
    const file = join(app, 'host/app.ts');
    const before = readFileSync(file);
    appendFileSync(file, '\n// changed\n');
    try {
      const ensure = run(process.execPath, ['build/ensure-built.js'], app);
      assert.equal(ensure.status, 1);
      assert.match(ensure.output, /sources or the lock file changed .* build before pruning/);
    } finally {
      writeFileSync(file, before);
    }
  });

  it('says its version and commit, and refuses an argument it does not know', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const stamp = JSON.parse(readFileSync(join(ROOT, 'dist/build.json'), 'utf8')) as { commit: string | null };
    const said = run(process.execPath, ['dist/server.js', '--version'], app);
    assert.equal(said.status, 0, said.output);
    assert.equal(said.output.trim().split('\n').length, 1);
    assert.ok(
      said.output.includes(`industrial-portal ${version} (commit ${stamp.commit ?? 'unknown'}, built `),
      said.output,
    );
    const refused = run(process.execPath, ['dist/server.js', '--port=80'], app);
    assert.equal(refused.status, 1);
    assert.match(refused.output.trim(), /^Unknown argument "--port": the server accepts --version and --help;[^\n]*$/);
  });

  it('serves every page kind, the console, the chat inbox and the demo sites from dist/ alone', async () => {
    for (const source of SOURCES) rmSync(join(app, source), { recursive: true, force: true });
    portal = await startPortalProcess(3, { cwd: app });
    const get = (url: string) => fetch(url, { redirect: 'follow' });
    const expectations: Array<[string, RegExp, RegExp?]> = [
      [`${portal.url}/`, /^text\/html/, /<portal-header/],
      [`${portal.url}/product/1`, /^text\/html/, /<html lang="zh-CN" data-theme="dark">/],
      [`${portal.url}/news`, /^text\/html/],
      [`${portal.url}/help?id=49`, /^text\/html/],
      [`${portal.url}/widgets/portal.js`, /javascript/],
      [`${portal.url}/widgets/chat.js`, /javascript/],
      [`${portal.url}/favicon.svg`, /^image\/svg\+xml/],
      [`${portal.url}/media/films/brand-2024.vtt`, /^text\/vtt/],
      [`${portal.url}/api/common/index`, /^application\/json/],
      [`${portal.url}/chat/agent`, /^text\/html/, /password/],
      [`${portal.consoleUrl}/welcome`, /^text\/html/, /登录/],
      [portal.demoUrls.console, /^text\/html/],
      [portal.demoUrls.partner, /^text\/html/],
      [portal.demoUrls.gallery, /^text\/html/],
    ];
    for (const [url, type, body] of expectations) {
      const response = await get(url);
      assert.equal(response.status, 200, url);
      assert.match(response.headers.get('content-type') ?? '', type, url);
      if (body) assert.match(await response.text(), body, url);
    }
  });

  it("left this tree's node_modules as it was", () => {
    assert.deepEqual(changedSince(join(ROOT, 'node_modules'), marker), []);
  });

  it('with DEMO_SITES=false listens on the portal and its console only', async () => {
    await portal?.stop();
    portal = await startPortalProcess(3, { cwd: app, env: { DEMO_SITES: 'false' }, ready: /Demo sites off/ });
    assert.equal((await fetch(`${portal.url}/healthz`)).status, 200);
    const port = Number(new URL(portal.url).port);
    assert.equal(await connectionRefused(port + 1), false, 'the console listens');
    for (const offset of [2, 3, 4]) assert.equal(await connectionRefused(port + offset), true, `port +${offset}`);
  });
});
