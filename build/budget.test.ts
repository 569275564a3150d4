import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { OutputBundle, OutputChunk, PluginContext } from 'rollup';
import { KB, noReact, reportAndCheck } from './budget';

const chunk = (name: string, moduleIds: string[] = [], imports: string[] = []) =>
  ({ type: 'chunk', name, fileName: `${name}.js`, moduleIds, imports }) as unknown as OutputChunk;

const bundleOf = (...chunks: OutputChunk[]) =>
  Object.fromEntries(chunks.map((c) => [c.fileName, c])) as unknown as OutputBundle;

function runNoReact(bundle: OutputBundle): string | undefined {
  let error: string | undefined;
  const context = {
    error(message: string) {
      error = message;
      throw new Error(message);
    },
  } as unknown as PluginContext;
  const hook = noReact().generateBundle as (this: PluginContext, options: unknown, bundle: OutputBundle) => void;
  try {
    hook.call(context, {}, bundle);
  } catch {}
  return error;
}

/** A fake node_modules folder holding one package under a given folder name. */
function fakePackage(folder: string, name: string): string {
  const root = mkdtempSync(join(tmpdir(), 'budget-'));
  const dir = join(root, 'node_modules', folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name }));
  return join(dir, 'index.js');
}

describe('noReact', () => {
  it('fails the build when React’s own react-dom is bundled', () => {
    const error = runNoReact(bundleOf(chunk('runtime', [fakePackage('react-dom', 'react-dom')])));
    assert.match(error ?? '', /bundles react-dom/);
  });

  it('accepts react-dom installed as the Preact alias', () => {
    assert.equal(runNoReact(bundleOf(chunk('runtime', [fakePackage('react-dom', '@preact/compat')]))), undefined);
  });
});

describe('reportAndCheck', () => {
  const sizes = new Map([
    ['portal.js', { raw: 900, gzip: 1 * KB, brotli: 800 }],
    ['runtime.js', { raw: 30000, gzip: 10 * KB, brotli: 9000 }],
  ]);
  const bundle = bundleOf(chunk('portal'), chunk('runtime'), chunk('notice', [], ['runtime.js']));
  const quiet = <T>(fn: () => T) => {
    const log = console.log;
    console.log = () => {};
    try {
      return fn();
    } finally {
      console.log = log;
    }
  };

  it('passes within budget', () => {
    quiet(() =>
      reportAndCheck(sizes, bundle, [{ name: 'page', entry: 'portal', chunks: ['runtime'], maxGzip: 12 * KB }]),
    );
  });

  it('throws when the files of a budget weigh more than allowed', () => {
    assert.throws(
      () =>
        quiet(() =>
          reportAndCheck(sizes, bundle, [{ name: 'page', entry: 'portal', chunks: ['runtime'], maxGzip: 10 * KB }]),
        ),
      /Size budget exceeded/,
    );
  });

  it('throws when a budgeted chunk is missing', () => {
    assert.throws(
      () =>
        quiet(() =>
          reportAndCheck(sizes, bundle, [{ name: 'page', entry: 'portal', chunks: ['gone'], maxGzip: 99 * KB }]),
        ),
      /no chunk named gone/,
    );
  });
});
