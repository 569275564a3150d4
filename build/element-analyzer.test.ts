import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { missingDocs, readElementDocs, readElementsDocs } from './element-docs';

/** `widgets/<name>/` in a scratch repository: an element file and its component's props. */
function element(root: string, name: string, propsType: string) {
  mkdirSync(join(root, 'widgets', name), { recursive: true });
  writeFileSync(
    join(root, 'widgets', name, 'Sample.tsx'),
    `export interface Props extends ElementProps {\n  lang?: string;\n  /** Which side. */\n  position?: ${propsType};\n  maxItems?: number;\n}\n`,
  );
  writeFileSync(
    join(root, 'widgets', name, `${name}.element.ts`),
    `export const TAG = 'portal-${name}';
/**
 * A sample.
 *
 * @summary Sample.
 * @attr lang - Language.
 * @attr position - Which side.
 * @attr max-items - How many.
 * @csspart box - The box.
 */
export const Sample = defineElement<Props>(TAG, Sample, { props: { lang: 'string', position: 'string', maxItems: 'number' } });
`,
  );
}

describe('the element analyzer (custom-elements-manifest with the defineElement plugin)', () => {
  it("types each attribute by its prop's declared type, each element by the props of its own folder", () => {
    const root = mkdtempSync(join(tmpdir(), 'element-analyzer-'));
    element(root, 'left-side', "'left' | 'right'");
    element(root, 'top-side', "'top' | 'bottom' | undefined");
    const [left, top] = readElementsDocs(root, [
      'widgets/left-side/left-side.element.ts',
      'widgets/top-side/top-side.element.ts',
    ]);
    assert.deepEqual(left?.attributes, [
      { name: 'lang', description: 'Language.', type: "'zh-CN' | 'en'" },
      { name: 'position', description: 'Which side.', type: "'left' | 'right'" },
      { name: 'max-items', description: 'How many.', type: 'number' },
    ]);
    assert.equal(top?.attributes[1]?.type, "'top' | 'bottom'");
    assert.equal(top?.tagName, 'portal-top-side');
  });

  it('ends a tag’s description at its blank line, and refuses the paragraph after it', () => {
    const root = mkdtempSync(join(tmpdir(), 'element-analyzer-'));
    element(root, 'with-badge', 'string');
    const path = join(root, 'widgets/with-badge/with-badge.element.ts');
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace(
        ' * @csspart box - The box.\n',
        ' * @csspart box - The box.\n *\n * While open the element carries\n * `data-open`.\n *\n * @cssproperty --gap - The gap.\n',
      ),
    );
    const docs = readElementDocs(root, 'widgets/with-badge/with-badge.element.ts');
    assert.deepEqual(docs.cssParts, [{ name: 'box', description: 'The box.' }]);
    assert.deepEqual(docs.cssProperties, [{ name: '--gap', description: 'The gap.' }]);
    assert.deepEqual(docs.strayParagraphs, [
      { after: '@csspart box', text: 'While open the element carries `data-open`.' },
    ]);
    assert.ok(
      missingDocs(docs).some((problem) => problem.includes('the paragraph after @csspart box')),
      'the build refuses it',
    );
  });

  it('reads the chat launcher (a plain class) with its attribute unions, and its badge part alone', () => {
    const docs = readElementDocs(process.cwd(), 'widgets/chat-launcher/chat-launcher.element.ts');
    const type = (name: string) => docs.attributes.find((a) => a.name === name)?.type;
    assert.equal(type('position'), "'left' | 'right'");
    assert.equal(type('provider'), "'builtin' | 'meiqia'");
    assert.equal(docs.cssParts.find((part) => part.name === 'badge')?.description, 'The unread count.');
    assert.ok(docs.plainClass);
    assert.deepEqual(
      docs.members.map((m) => m.name),
      ['visible', 'unreadCount', 'ready', 'open', 'close', 'toggle', 'sendCard'],
    );
  });
});
