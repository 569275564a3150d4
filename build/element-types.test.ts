import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { customElementsManifest } from './custom-elements';
import { elementFiles, readElementsDocs } from './element-docs';
import { elementDeclarations } from './element-types';

/**
 * The generated typings, checked as an app checks them: `tsc` (strict, `skipLibCheck`
 * like most apps) over files whose `@ts-expect-error` lines are mistakes the types
 * must refuse, beside uses they must accept. React's and Vue's are checked by the
 * outside apps (e2e/outside-apps/), which install them; Preact and the DOM here.
 */
const ROOT = process.cwd();
let folder: string;

const PREACT_CHECKS = `/// <reference path="./types/preact.d.ts" />
export const accepted = (
  <>
    <portal-chat-launcher position="left" provider="builtin" lang="en" />
    <portal-header theme="dark" no-login class="app-header" />
    <portal-order-form product-id="1" edition-id="2" />
  </>
);
export const refused = (
  <>
    {/* @ts-expect-error not a side */}
    <portal-chat-launcher position="top" />
    {/* @ts-expect-error not a provider */}
    <portal-chat-launcher provider="zendesk" />
    {/* @ts-expect-error not a theme */}
    <portal-header theme="blue" />
    {/* @ts-expect-error not a language of the widgets */}
    <portal-login lang="fr" />
    {/* @ts-expect-error no such attribute */}
    <portal-login colour="red" />
  </>
);
`;

const DOM_CHECKS = `/// <reference path="./types/index.d.ts" />
export function set(header: HTMLElementTagNameMap['portal-header'], chat: HTMLElementTagNameMap['portal-chat-launcher']) {
  header.theme = 'auto';
  // @ts-expect-error not a theme
  header.theme = 'blue';
  chat.open('P2025001');
  // @ts-expect-error read-only
  chat.unreadCount = 3;
}
`;

async function typeCheck(): Promise<string> {
  try {
    await promisify(execFile)(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(folder, 'tsconfig.json')]);
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout || error);
  }
}

describe('the typings generated from the manifest', () => {
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'element-types-'));
    const elements = readElementsDocs(ROOT, elementFiles(ROOT));
    mkdirSync(join(folder, 'types'));
    for (const [name, source] of Object.entries(elementDeclarations(customElementsManifest(elements))))
      writeFileSync(join(folder, 'types', name), source);
    symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'), 'dir');
    writeFileSync(join(folder, 'preact-checks.tsx'), PREACT_CHECKS);
    writeFileSync(join(folder, 'dom-checks.ts'), DOM_CHECKS);
    writeFileSync(
      join(folder, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          module: 'ESNext',
          moduleResolution: 'bundler',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          jsx: 'react-jsx',
          jsxImportSource: 'preact',
          types: [],
        },
        files: ['preact-checks.tsx', 'dom-checks.ts'],
      }),
    );
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('refuse values outside an enumerated attribute’s set, in Preact’s JSX and on the element', async () => {
    assert.equal(await typeCheck(), '');
  });
});
