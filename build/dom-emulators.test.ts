import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ELEMENTS } from '../widgets/elements';

const ROOT = process.cwd();
const TAGS = Object.keys(ELEMENTS);

/**
 * Every built element module imported and placed under jsdom and under happy-dom,
 * the DOM emulators of Vitest and Jest (test-support/dom-emulator.mjs): jsdom has
 * no `matchMedia`, and importing threw; placed, an element threw on jsdom's missing
 * `replaceSync` and `ResizeObserver`, and under both on a portal origin of "null"
 * (issue #34). The packed package's own entry
 * points are tried the same way by the outside apps (e2e/outside-apps.spec.ts).
 */
function importUnder(emulator: 'jsdom' | 'happy-dom') {
  assert.ok(existsSync(join(ROOT, 'dist/widgets/esm')), 'no build in dist/widgets: run `npm run build` first');
  const modules = TAGS.map((tag) => `${tag}=${join(ROOT, 'dist/widgets/esm', `${tag}.js`)}`);
  const output = execFileSync(
    process.execPath,
    ['test-support/dom-emulator.mjs', emulator, 'http://127.0.0.1:9/', ...modules],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as {
    defined: string[];
    warnings: string[];
    errors: string[];
    thrown: string[];
  };
}

describe('the built elements under DOM emulators', () => {
  for (const emulator of ['jsdom', 'happy-dom'] as const) {
    it(`${emulator}: every module imports, every tag is defined and placed, nothing throws; the console says why once`, () => {
      const outcome = importUnder(emulator);
      assert.deepEqual(outcome.thrown, []);
      assert.deepEqual(outcome.defined, TAGS);
      // Nothing named the portal: one line names configurePortal, and what asked the page's own server says so.
      assert.equal(outcome.warnings.length, 1, outcome.warnings.join('\n'));
      assert.match(outcome.warnings[0] ?? '', /^\[portal\] .*configurePortal\(/);
      for (const error of outcome.errors) assert.match(error, /^\[portal\] /);
    });
  }
});
