import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import * as v from 'valibot';
import { itemFiles, yamlFile } from './load';
import { seedAgreement, seedProductCategory } from './types';

const root = mkdtempSync(join(tmpdir(), 'seed-content-'));
after(() => rmSync(root, { recursive: true, force: true }));
const write = (file: string, text: string) => {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), text);
};

describe('seed content files', () => {
  it('reads items in file-name order, the body as the rich-text field, exactly', () => {
    write('agreements/02-b.html', '---\ncode: B\ntemplateVersion: "2"\ntitle: 乙\n---\n<p>二</p>\n\n');
    write('agreements/01-a.html', '---\ncode: A\ntemplateVersion: "1"\ntitle: 甲\n---\n<p>一</p>\n');
    assert.deepEqual(itemFiles('agreements', 'contentHtml', seedAgreement, root), [
      { code: 'A', templateVersion: '1', title: '甲', contentHtml: '<p>一</p>' },
      { code: 'B', templateVersion: '2', title: '乙', contentHtml: '<p>二</p>\n' },
    ]);
  });

  it('names the file and the field of a record that does not fit', () => {
    write('bad/01-x.html', '---\ncode: X\ntitle: 无版本\n---\n<p></p>\n');
    assert.throws(
      () => itemFiles('bad', 'contentHtml', seedAgreement, root),
      /seed content bad\/01-x\.html: templateVersion/,
    );
    write('bad-list.yaml', '- id: 1\n  name: 分类\n  sort: first\n');
    assert.throws(() => yamlFile('bad-list.yaml', v.array(seedProductCategory), root), /bad-list\.yaml: 0\.sort/);
    write('nofront/01-y.html', '<p>no front matter</p>\n');
    assert.throws(() => itemFiles('nofront', 'contentHtml', seedAgreement, root), /no front matter/);
  });
});
