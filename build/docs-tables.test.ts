import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cellsOf } from './docs-markdown';
import { settingNames } from './docs-settings';
import { blocks, documents, FIX_COMMAND, rewrite, updateDocTables } from './docs-tables';

describe('the tables the documents generate from the code', () => {
  it('say what the code says (settings, elements, metrics, API, pages)', () => {
    const drifts = updateDocTables({ write: false });
    assert.deepEqual(
      drifts,
      [],
      drifts
        .map(({ file, tables }) => `${file}: ${tables.join(', ')} differ from the code; run \`${FIX_COMMAND}\``)
        .join('\n'),
    );
  });

  it('are all there: each appears in README.md or a guide', () => {
    const names = documents().flatMap((file) => [...blocks(readFileSync(file, 'utf8')).keys()]);
    for (const name of ['settings', 'elements', 'metrics', 'api', 'pages']) assert.ok(names.includes(name), name);
  });

  it('leave no row waiting for its words: a new setting or page is described by hand', () => {
    for (const file of documents())
      for (const [name, table] of blocks(readFileSync(file, 'utf8')))
        for (const row of table.split('\n').filter((line) => line.includes('TODO')))
          assert.fail(`${file}, table ${name}: write what this row means in place of TODO: ${row}`);
  });

  it('give every setting the configuration module reads a meaning written by hand', () => {
    const table = blocks(readFileSync('README.md', 'utf8')).get('settings') ?? '';
    for (const name of settingNames()) {
      const row = table.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
      assert.ok(row, `${name} is in the settings table`);
      assert.doesNotMatch(row, /TODO/, `${name} has a meaning`);
    }
  });

  it('rewrite a stale table and keep the columns written by hand', () => {
    const stale = [
      'before',
      '<!-- generated:settings -->',
      '| variable | default | meaning |',
      '|---|---|---|',
      '| `PORT` | `80` | port to listen on |',
      '| `GONE_SETTING` | | removed from the code |',
      '<!-- /generated:settings -->',
      'after',
    ].join('\n');
    const fresh = rewrite(stale, 'sample.md');
    assert.match(fresh, /^before\n/);
    assert.match(fresh, /\nafter$/);
    assert.match(fresh, /\| `PORT` \| `3000` \| port to listen on \|/);
    assert.doesNotMatch(fresh, /GONE_SETTING/);
    assert.match(fresh, /\| `DATABASE_URL` \| {2}\| TODO/);
    assert.equal(rewrite(fresh, 'sample.md'), fresh, 'a second run changes nothing');
  });

  it('report a drifted document by file and table, and fix it when asked', () => {
    const root = mkdtempSync(join(tmpdir(), 'docs-tables-'));
    mkdirSync(join(root, 'docs'));
    const table =
      '<!-- generated:metrics -->\n| metric |\n|---|\n| `portal_old_total` |\n<!-- /generated:metrics -->\n';
    writeFileSync(join(root, 'README.md'), 'no tables here\n');
    writeFileSync(join(root, 'docs/operating.md'), table);
    assert.deepEqual(updateDocTables({ write: false, root }), [{ file: 'docs/operating.md', tables: ['metrics'] }]);
    updateDocTables({ write: true, root });
    assert.match(readFileSync(join(root, 'docs/operating.md'), 'utf8'), /portal_http_requests_total/);
    assert.deepEqual(updateDocTables({ write: false, root }), []);
  });

  it('split cells on pipes, not on escaped ones', () => {
    assert.deepEqual(cellsOf('| `a` | b \\| c | |'), ['`a`', 'b \\| c', '']);
  });

  it('refuse a marker nothing generates', () => {
    assert.throws(() => rewrite('<!-- generated:nope -->\n<!-- /generated:nope -->', 'x.md'), /x\.md: no generator/);
  });
});
