import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { failedStart } from '../e2e/portal-process';

/** Settings a start reads besides configFromEnv's: each malformed one stops it with one line naming it. */
const scratch = mkdtempSync(join(tmpdir(), 'portal-start-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
const dataDir = () => mkdtempSync(join(scratch, 'data-'));

describe('a start with a setting it cannot use', () => {
  it('LOG_LEVEL: one line naming the levels, no stack', async () => {
    const { code, output } = await failedStart({ LOG_LEVEL: 'bogus', DATA_DIR: dataDir() });
    assert.equal(code, 1);
    assert.match(
      output.trim(),
      /^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "bogus"$/,
    );
  });

  it('WIDGETS_DIR without a build: one line naming the folder and how to build', async () => {
    const missing = join(scratch, 'nowhere');
    const data = join(scratch, 'data-untouched');
    const { code, output } = await failedStart({ WIDGETS_DIR: missing, DATA_DIR: data });
    assert.equal(code, 1);
    assert.equal(output.trim().split('\n').length, 1, output);
    assert.match(output, new RegExp(`WIDGETS_DIR: ${missing} holds no widget build \\(portal\\.js\\)`));
    assert.equal(existsSync(data), false, 'the data folder is not made');
  });
});
