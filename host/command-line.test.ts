import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeRelease, readCommandLine } from './command-line';

const built = { version: '1.2.3', commit: 'abcdef012345', builtAt: '2026-11-28T00:00:00.000Z' };

describe("the server's command line", () => {
  it('runs with no argument', () => {
    assert.deepEqual(readCommandLine([], built), { run: true });
  });

  it('--version and -v: the version, commit and build time, exit 0', () => {
    for (const flag of ['--version', '-v'])
      assert.deepEqual(readCommandLine([flag], built), {
        run: false,
        code: 0,
        output: 'industrial-portal 1.2.3 (commit abcdef012345, built 2026-11-28T00:00:00.000Z)',
      });
  });

  it('says when it runs from source, and when the build had no git', () => {
    assert.equal(describeRelease({ version: '1.2.3', commit: null }), '1.2.3 (from source, not built)');
    assert.equal(describeRelease({ ...built, commit: null }), '1.2.3 (commit unknown, built 2026-11-28T00:00:00.000Z)');
  });

  it('--help: usage and where the settings are, exit 0', () => {
    const help = readCommandLine(['--help'], built);
    assert.equal(help.run, false);
    assert.ok(!help.run && help.code === 0 && /Usage: node dist\/server\.js/.test(help.output));
  });

  it('anything else: exit 1 with one line naming it and what is accepted', () => {
    for (const [args, named] of [
      [['--port', '80'], '--port'],
      [['start'], 'start'],
      [['-x'], '-x'],
      [['--version=yes'], '--version'],
    ] as const) {
      const result = readCommandLine([...args], built);
      assert.equal(result.run, false);
      assert.ok(!result.run);
      assert.equal(result.code, 1);
      assert.equal(result.output.split('\n').length, 1);
      assert.ok(
        result.output.startsWith(`Unknown argument "${named}": the server accepts --version and --help`),
        result.output,
      );
    }
  });
});
