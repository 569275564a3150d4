// @ts-check
/**
 * The build's stamp, `dist/build.json`: which sources it was built from (a hash
 * of them and of the lock file), the version and the commit. `npm start` builds
 * only when the stamp is missing or the sources changed since. Plain JavaScript
 * with Node's own modules: it runs after a production install, with no
 * development tool left to compile TypeScript.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const STAMP_FILE = 'dist/build.json';

/** What the build reads: editing anything else (tests, e2e, docs) never makes `dist/` stale. */
const SOURCES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'rollup.config.ts',
  'server.ts',
  'build',
  'contract',
  'host',
  'backend',
  'demo',
  'widgets',
  'types',
];
const SKIPPED = /(^|\/)(node_modules|dist|test-support)(\/|$)|\.test\.tsx?$/;

/**
 * Every source file under `root`, relative and sorted, so the hash is the same on every machine.
 * @param {string} root
 */
function sourceFiles(root) {
  /** @type {string[]} */
  const files = [];
  for (const source of SOURCES) {
    const path = join(root, source);
    if (!existsSync(path)) continue;
    if (!statSync(path).isDirectory()) {
      files.push(source);
      continue;
    }
    for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = relative(root, join(entry.parentPath ?? entry.path, entry.name));
      if (!SKIPPED.test(file)) files.push(file);
    }
  }
  return files.sort();
}

/**
 * sha256 over each source file's path and bytes.
 * @param {string} root
 */
export function sourceHash(root) {
  const hash = createHash('sha256');
  for (const file of sourceFiles(root))
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

/**
 * @typedef {{ version: string, commit: string | null, sourceHash: string, builtAt: string }} Stamp
 * @param {string} root
 * @returns {Stamp | undefined}
 */
export function readStamp(root) {
  try {
    return JSON.parse(readFileSync(join(root, STAMP_FILE), 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Why `dist/` must be built again, or undefined when it matches the sources.
 * @param {string} root
 */
export function staleReason(root) {
  const stamp = readStamp(root);
  if (!stamp) return `${STAMP_FILE} is missing (never built, or a build did not finish)`;
  // A copy deployed without its sources runs what it was given.
  if (!existsSync(join(root, 'server.ts'))) return undefined;
  if (stamp.sourceHash !== sourceHash(root)) return 'the sources or the lock file changed since the last build';
  return undefined;
}
