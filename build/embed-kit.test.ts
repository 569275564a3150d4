import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ELEMENTS } from '../widgets/elements';
import { type CustomElementsManifest, customElementsManifest } from './custom-elements';
import { elementFiles, missingDocs, readElementDocs } from './element-docs';
import { documentedElements } from './embed-kit';
import { type HtmlCustomData, literalValues } from './vscode-custom-data';

const ROOT = process.cwd();
const DIST = join(ROOT, 'dist/widgets');

const GOOD_ELEMENT = `import { defineElement } from '../core/define';
export const SAMPLE_TAG = 'portal-sample';
/**
 * A sample element.
 *
 * @summary Sample.
 * @attr lang - Language.
 * @event portal-sample-done - Done (detail: id).
 * @csspart box - The box.
 * @cssproperty --portal-sample-color - Colour (#000).
 */
export const PortalSample = defineElement<SampleProps>(SAMPLE_TAG, Sample, { props: { lang: 'string' } });

declare global {
  interface HTMLElementTagNameMap {
    'portal-sample': HTMLElement & { lang: string };
  }
  interface GlobalEventHandlersEventMap {
    'portal-sample-done': CustomEvent<{ id: number }>;
  }
}
`;
const GOOD_COMPONENT = `export const Sample = ({ host }) => <div part="box" onClick={() => emit(host, 'portal-sample-done', { id: 1 })} />;`;

/** A widget folder in a scratch repository: `widgets/sample/`. */
function sampleRepo(element: string, component = GOOD_COMPONENT): string {
  const root = mkdtempSync(join(tmpdir(), 'element-docs-'));
  mkdirSync(join(root, 'widgets/sample'), { recursive: true });
  writeFileSync(join(root, 'widgets/sample/sample.element.ts'), element);
  writeFileSync(join(root, 'widgets/sample/Sample.tsx'), component);
  return root;
}
const problemsOf = (root: string) => missingDocs(readElementDocs(root, 'widgets/sample/sample.element.ts'));

describe('element references', () => {
  it('reads attributes, properties, events with their types, parts and custom properties', () => {
    const docs = readElementDocs(sampleRepo(GOOD_ELEMENT), 'widgets/sample/sample.element.ts');
    assert.deepEqual(problemsOf(sampleRepo(GOOD_ELEMENT)), []);
    assert.equal(docs.tagName, 'portal-sample');
    assert.equal(docs.summary, 'Sample.');
    assert.deepEqual(docs.attributes, [{ name: 'lang', description: 'Language.', type: "'zh-CN' | 'en'" }]);
    assert.deepEqual(docs.events, [
      { name: 'portal-sample-done', description: 'Done (detail: id).', type: 'CustomEvent<{ id: number }>' },
    ]);
    const [module] = customElementsManifest([docs]).modules;
    assert.deepEqual(module?.declarations[0]?.cssProperties, [
      { name: '--portal-sample-color', description: 'Colour (#000).' },
    ]);
    // The shipped module defines the tag and exports nothing.
    assert.deepEqual(module?.exports, [
      {
        kind: 'custom-element-definition',
        name: 'portal-sample',
        declaration: { name: 'PortalSample', module: 'dist/widgets/esm/portal-sample.js' },
      },
    ]);
  });

  it('fails an element whose events, parts, attributes or summary are undocumented', () => {
    const withoutSummary = GOOD_ELEMENT.replace(' * @summary Sample.\n', '');
    assert.match(problemsOf(sampleRepo(withoutSummary)).join(), /no @summary/);
    const withoutEvent = GOOD_ELEMENT.replace(' * @event portal-sample-done - Done (detail: id).\n', '');
    assert.match(problemsOf(sampleRepo(withoutEvent)).join(), /emits portal-sample-done without an @event/);
    const untyped = GOOD_ELEMENT.replace("    'portal-sample-done': CustomEvent<{ id: number }>;\n", '');
    assert.match(problemsOf(sampleRepo(untyped)).join(), /not in GlobalEventHandlersEventMap/);
    const extraPart = GOOD_COMPONENT.replace('part="box"', 'part="box label"');
    assert.match(problemsOf(sampleRepo(GOOD_ELEMENT, extraPart)).join(), /part "label" has no @csspart/);
    const extraProp = GOOD_ELEMENT.replace("{ lang: 'string' }", "{ lang: 'string', maxItems: 'number' }");
    assert.match(problemsOf(sampleRepo(extraProp)).join(), /attribute max-items \(prop maxItems\) has no @attr/);
    const misnamed = GOOD_ELEMENT.replaceAll('portal-sample-done', 'sample-done');
    assert.match(problemsOf(sampleRepo(misnamed, GOOD_COMPONENT)).join(), /not named portal-sample-<what happened>/);
  });

  it('lists the methods and read-only fields the element states, each with its description', () => {
    const withMethods = GOOD_ELEMENT.replace(
      "'portal-sample': HTMLElement & { lang: string };",
      `'portal-sample': HTMLElement & {
      lang: string;
      /** Items shown. */
      readonly count: number;
      /** Shows \`item\` (a number, or text). */
      show(item: number | { text: string }, focus?: boolean): void;
    };`,
    );
    const docs = readElementDocs(sampleRepo(withMethods), 'widgets/sample/sample.element.ts');
    assert.deepEqual(missingDocs(docs), []);
    const [module] = customElementsManifest([docs]).modules;
    assert.deepEqual(module?.declarations[0]?.members, [
      { kind: 'field', name: 'lang', description: 'Language.', type: { text: "'zh-CN' | 'en'" }, attribute: 'lang' },
      { kind: 'field', name: 'count', description: 'Items shown.', type: { text: 'number' }, readonly: true },
      {
        kind: 'method',
        name: 'show',
        description: 'Shows `item` (a number, or text).',
        parameters: [
          { name: 'item', type: { text: 'number | { text: string }' } },
          { name: 'focus', type: { text: 'boolean' }, optional: true },
        ],
        return: { type: { text: 'void' } },
      },
    ]);
    const undocumented = withMethods.replace('      /** Items shown. */\n', '');
    assert.match(problemsOf(sampleRepo(undocumented)).join(), /count has no description/);
  });

  it('fails an element whose CSS uses a --portal-… custom property its reference does not name', () => {
    const root = sampleRepo(GOOD_ELEMENT);
    writeFileSync(join(root, 'widgets/sample/sample.css'), ':host { color: var(--portal-sample-color, #000); }\n');
    assert.deepEqual(problemsOf(root), []);
    mkdirSync(join(root, 'widgets/dialog'));
    writeFileSync(join(root, 'widgets/dialog/modal.css'), '.box { outline-color: var( --portal-focus-ring-color); }\n');
    writeFileSync(
      join(root, 'widgets/sample/Sample.tsx'),
      `import modal from '../dialog/modal.css';\n${GOOD_COMPONENT}`,
    );
    writeFileSync(join(root, 'widgets/sample/sample.css'), ':host { font: var(--portal-font-family); }\n');
    assert.deepEqual(problemsOf(root), [
      'widgets/sample/sample.element.ts <portal-sample>: its CSS uses var(--portal-font-family) without a @cssproperty',
      'widgets/sample/sample.element.ts <portal-sample>: its CSS uses var(--portal-focus-ring-color) without a @cssproperty',
    ]);
  });

  it('every element of this repository is documented and in the registry, at the module that defines it', () => {
    const tags = documentedElements(ROOT).map((element) => element.tagName);
    assert.deepEqual(tags.toSorted(), Object.keys(ELEMENTS).toSorted());
    assert.equal(elementFiles(ROOT).length, tags.length);
    for (const [tag, entry] of Object.entries(ELEMENTS)) {
      const file = ['.ts', '.tsx'].map((extension) => join(ROOT, 'widgets', entry.module + extension)).find(existsSync);
      assert.ok(file, `${tag}: widgets/${entry.module} does not exist`);
      assert.match(
        readFileSync(file, 'utf8'),
        new RegExp(`'${tag}'`),
        `${tag}: widgets/${entry.module} does not name it`,
      );
    }
  });

  it('portal.js defines the portal elements of the registry, and only those', () => {
    const portalJs = readFileSync(join(DIST, 'portal.js'), 'utf8');
    for (const [tag, entry] of Object.entries(ELEMENTS))
      assert.equal(portalJs.includes(`"${tag}"`) || portalJs.includes(`'${tag}'`), entry.script === 'portal', tag);
  });
});

describe('the built embedding kit', () => {
  const built = JSON.parse(readFileSync(join(DIST, 'custom-elements.json'), 'utf8')) as CustomElementsManifest;

  it('serves the manifest of the current code', () => {
    assert.deepEqual(built, JSON.parse(JSON.stringify(customElementsManifest(documentedElements(ROOT)))));
  });

  it('gives VS Code every tag of the manifest with its attributes, their values and descriptions', () => {
    const data = JSON.parse(readFileSync(join(DIST, 'vscode.html-custom-data.json'), 'utf8')) as HtmlCustomData;
    assert.equal(data.version, 1.1);
    type Declaration = { tagName: string; summary: string; attributes?: { name: string; type?: { text: string } }[] };
    const declarations = built.modules.map((m) => m.declarations[0] as Declaration);
    assert.deepEqual(
      data.tags.map((tag) => tag.name),
      declarations.map((d) => d.tagName),
    );
    for (const declaration of declarations) {
      const tag = data.tags.find((t) => t.name === declaration.tagName);
      if (!tag) throw new Error(`${declaration.tagName} is not in the VS Code data`);
      assert.ok(tag.description.startsWith(declaration.summary), declaration.tagName);
      assert.deepEqual(
        tag.attributes.map((a) => a.name),
        (declaration.attributes ?? []).map((a) => a.name),
      );
      for (const attribute of tag.attributes) assert.ok(attribute.description, `${tag.name} ${attribute.name}`);
    }
    const header = data.tags.find((t) => t.name === 'portal-header');
    assert.deepEqual(header?.attributes.find((a) => a.name === 'lang')?.values, [{ name: 'zh-CN' }, { name: 'en' }]);
    assert.equal(header?.attributes.find((a) => a.name === 'no-login')?.valueSet, 'v');
  });

  it('reads the values of a union of string literals, and of nothing else', () => {
    assert.deepEqual(literalValues("'light' | 'dark' | 'auto'"), ['light', 'dark', 'auto']);
    assert.deepEqual(literalValues("'zh-CN'"), ['zh-CN']);
    assert.equal(literalValues('string'), undefined);
    assert.equal(literalValues("'a' | number"), undefined);
    assert.equal(literalValues(undefined), undefined);
  });

  it('has a file for every export of package.json, and each element module loads its chunk', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const targets = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : Object.values(value as object).flatMap(targets);
    for (const target of [pkg.types, pkg.customElements, ...targets(pkg.exports)]) {
      const files = target.includes('*')
        ? built.modules.map((m) => target.replace('*', (m.declarations[0] as { tagName: string }).tagName))
        : [target];
      for (const file of files) assert.ok(existsSync(join(ROOT, file)), `${file} is missing`);
    }
    for (const module of built.modules) {
      const tag = (module.declarations[0] as { tagName: string }).tagName;
      // The manifest names the JavaScript an app imports, as the package's exports do.
      assert.equal(module.path, `dist/widgets/esm/${tag}.js`);
      assert.ok(existsSync(join(ROOT, module.path)), `${module.path} is missing`);
      const chunk = /import '\.\.\/(chunks\/[\w-]+\.js)'/.exec(readFileSync(join(DIST, `esm/${tag}.js`), 'utf8'))?.[1];
      assert.ok(chunk && existsSync(join(DIST, chunk)), `esm/${tag}.js imports no built chunk`);
    }
  });

  for (const example of ['react', 'plain']) {
    it(`the ${example} usage example type-checks against the declarations`, () => {
      const tsc = spawnSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', `demo/examples/${example}`], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
    });
  }
});
