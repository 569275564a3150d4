/**
 * `npm run build`: everything production runs, in `dist/`. The share cards' font
 * (share-card-font.ts: first, as it fails at once without its source font),
 * the widgets (rollup, with their size budgets), then the server
 * (server-build.ts, which copies the font beside it), then the stamp
 * that says which sources they came from: written last, so a build that stops
 * half-way leaves none, and the next `npm start` builds again.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildServer, dependencyProblems } from './server-build';
import { ensureShareCardFont } from './share-card-font';
import { STAMP_FILE, type Stamp, sourceHash } from './stamp.js';

const root = resolve(import.meta.dirname, '..');

/** The commit built, `-dirty` when the working tree differs from it; null where there is no git. */
function commitOf(): string | null {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const commit = git('rev-parse', '--short=12', 'HEAD');
    return git('status', '--porcelain', '--untracked-files=no') ? `${commit}-dirty` : commit;
  } catch {
    return null;
  }
}

const started = performance.now();
rmSync(resolve(root, 'dist'), { recursive: true, force: true });
// The hash first: a source edited while the build runs makes the next start build again.
const packageJson = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  version: string;
  dependencies?: Record<string, string>;
};
const stamp: Stamp = {
  version: packageJson.version,
  commit: commitOf(),
  sourceHash: sourceHash(root),
  builtAt: new Date().toISOString(),
};

await ensureShareCardFont();
execFileSync(resolve(root, 'node_modules/.bin/rollup'), ['-c', 'rollup.config.ts', '--configPlugin', 'esbuild'], {
  cwd: root,
  stdio: 'inherit',
});

const server = await buildServer(root, { version: stamp.version, commit: stamp.commit, builtAt: stamp.builtAt });
const problems = dependencyProblems(server.packages, Object.keys(packageJson.dependencies ?? {}));
if (problems.length) {
  for (const problem of problems) console.error(`build: ${problem}`);
  process.exit(1);
}
writeFileSync(resolve(root, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
console.log(
  `dist/server.js: the server, with ${server.packages.join(', ')} from node_modules; beside it ${server.files.join(', ')}`,
);
console.log(
  `Built ${stamp.version} (${stamp.commit ?? 'no git commit'}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
