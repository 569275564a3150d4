import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, it } from 'node:test';
import { documents } from './docs-tables';

/** Text outside fenced code blocks: links and headings in code are not links. */
const prose = (file: string) => readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
export const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replaceAll(' ', '-');

const anchorsOf = (file: string) =>
  new Set([...prose(file).matchAll(/^#+ (.*)$/gm)].map((match) => anchorOf(match[1] ?? '')));

describe('the links of README.md and the guides', () => {
  it('point at files that exist, and at headings those files have', () => {
    const broken: string[] = [];
    for (const file of documents())
      for (const [, target = ''] of prose(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [path = '', anchor] = target.split('#');
        const linked = path ? normalize(join(dirname(file), path)) : file;
        if (!existsSync(linked)) broken.push(`${file}: ${target} (no such file)`);
        else if (anchor && linked.endsWith('.md') && !anchorsOf(linked).has(anchor))
          broken.push(`${file}: ${target} (no such heading)`);
      }
    assert.deepEqual(broken, []);
  });

  it('make anchors as GitHub does', () => {
    assert.equal(anchorOf('The npm package: `@industrial-portal/widgets`'), 'the-npm-package-industrial-portalwidgets');
    assert.equal(anchorOf('When the back-end fails (outside `local`)'), 'when-the-back-end-fails-outside-local');
  });
});
