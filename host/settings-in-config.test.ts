import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

/**
 * Settings are read in one place: host/config.ts reads the environment, checks
 * every value and hands them on; nothing else in product code reads it, so a
 * setting is found, documented and validated in one module.
 */
const CONFIGURATION = 'host/config.ts';
/** Product code: the rooms that ship (tests, test support and tooling may read their own switches). */
const PRODUCT = /^(server\.ts$|(host|backend|contract|widgets|demo)\/)/;
const NOT_PRODUCT = [/\.test\.tsx?$/, /(^|\/)test-support\//, /\.d\.ts$/, /^demo\/examples\//];
/**
 * The one known exception: widgets may name `process.env.NODE_ENV`, which the
 * bundler replaces by a constant (rollup.config.ts), so no browser reads an environment.
 */
const BUNDLE_TIME = { room: 'widgets/', text: 'process.env.NODE_ENV' };

const READS =
  /\bprocess\s*(?:\.\s*env\b|\[\s*['"`]env['"`]\s*\])|from\s*['"](?:node:)?process['"]|require\(\s*['"](?:node:)?process['"]\s*\)/g;

/** Each place a product file other than the configuration reads the environment: `file: what it wrote`. */
export function environmentReaders(files: string[], read: (file: string) => string): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (file === CONFIGURATION || !PRODUCT.test(file) || NOT_PRODUCT.some((pattern) => pattern.test(file))) continue;
    let code = read(file)
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:'"\w])\/\/.*$/gm, '$1');
    if (file.startsWith(BUNDLE_TIME.room)) code = code.replaceAll(BUNDLE_TIME.text, '');
    for (const match of code.matchAll(READS)) found.push(`${file}: ${match[0]}`);
  }
  return found;
}

const sources = () =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], { encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && existsSync(file));

describe('settings are read in the configuration module only', () => {
  it('no product file but host/config.ts reads process.env', () => {
    const found = environmentReaders(sources(), (file) => readFileSync(file, 'utf8'));
    assert.deepEqual(found, [], `read the setting in ${CONFIGURATION} and pass it in:\n${found.join('\n')}`);
  });

  it('finds every way of reading it, and lets the bundle-time constant and tests be', () => {
    const source: Record<string, string> = {
      'host/routes/a.ts': 'const origin = process.env.PORTAL_PUBLIC_ORIGIN;',
      'backend/b.ts': "const { env } = process; const c = process['env'].X;",
      'contract/c.ts': "import { env } from 'node:process';",
      'server.ts': '// process.env is not read here\nconst x = 1;',
      'widgets/d.ts': "if (process.env.NODE_ENV !== 'production') warn();",
      'widgets/e.ts': 'const api = process.env.API_URL;',
      'host/config.ts': 'export const read = (env = process.env) => env;',
      'host/a.test.ts': 'process.env.PORTAL_PUBLIC_ORIGIN = "x";',
      'scripts/f.ts': 'process.env.PG_BIN',
    };
    assert.deepEqual(
      environmentReaders(Object.keys(source), (file) => source[file] ?? ''),
      [
        'host/routes/a.ts: process.env',
        "backend/b.ts: process['env']",
        "contract/c.ts: from 'node:process'",
        'widgets/e.ts: process.env',
      ],
    );
  });
});
