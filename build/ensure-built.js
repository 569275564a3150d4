// @ts-check
/**
 * Before `npm start` runs `node dist/server.js`: builds when `dist/` is missing
 * or older than the sources, and only then, so a second start starts at once.
 * In a production install (development tools pruned) it cannot build: it says
 * what to do instead of failing on a missing tool.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { staleReason } from './stamp.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const reason = staleReason(root);
if (reason) {
  if (!existsSync(new URL('../node_modules/.bin/rollup', import.meta.url))) {
    console.error(
      `dist/ cannot be used: ${reason}. The build tools are not installed (a production install): ` +
        'build before pruning (npm ci && npm run build && npm prune --omit=dev), or install them with npm ci',
    );
    process.exit(1);
  }
  console.log(`Building first: ${reason}`);
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
