import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Parser } from 'htmlparser2';
import { ELEMENTS } from '../../widgets/elements';
import { startTestPortal, type TestPortal } from '../test-support/backend';
import { ROUTES } from '../test-support/routes';
import { request } from '../test-support/server';

/**
 * Every page's ids are unique and every reference by id finds its element, in the
 * tree it is looked up in: `id`, `aria-labelledby`, `aria-describedby`,
 * `aria-controls` and `for` within their own tree (the document, or a declarative
 * shadow root, which has ids of its own); a `#fragment` link in the document,
 * whatever tree the link sits in (the browser scrolls to the document's element).
 */
interface Tree {
  name: string;
  depth: number;
  ids: Map<string, number>;
  refs: Array<{ attribute: string; id: string }>;
}

const ID_LISTS = ['aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns'];

export function idProblems(html: string): string[] {
  const document: Tree = { name: 'document', depth: -1, ids: new Map(), refs: [] };
  const trees = [document];
  const open = [document];
  const fragments: string[] = [];
  let depth = 0;
  let host = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        depth++;
        if (name === 'template' && 'shadowrootmode' in attributes) {
          const tree: Tree = { name: `<${host}>'s shadow root`, depth, ids: new Map(), refs: [] };
          trees.push(tree);
          open.push(tree);
        }
        host = name;
        const tree = open[open.length - 1] as Tree;
        const { id } = attributes;
        if (id !== undefined) tree.ids.set(id, (tree.ids.get(id) ?? 0) + 1);
        for (const attribute of ID_LISTS)
          for (const ref of attributes[attribute]?.split(/\s+/).filter(Boolean) ?? [])
            tree.refs.push({ attribute, id: ref });
        if (attributes.for !== undefined && (name === 'label' || name === 'output'))
          tree.refs.push({ attribute: 'for', id: attributes.for });
        const href = attributes.href;
        if (href?.startsWith('#') && href.length > 1) fragments.push(decodeURIComponent(href.slice(1)));
      },
      onclosetag(name) {
        if (name === 'template' && open.length > 1 && (open[open.length - 1] as Tree).depth === depth) open.pop();
        depth--;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  const problems: string[] = [];
  for (const tree of trees) {
    for (const [id, count] of tree.ids) if (count > 1) problems.push(`id="${id}" ${count} times in the ${tree.name}`);
    for (const ref of tree.refs)
      if (!tree.ids.has(ref.id)) problems.push(`${ref.attribute}="${ref.id}" names no element in the ${tree.name}`);
  }
  for (const id of fragments) if (!document.ids.has(id)) problems.push(`href="#${id}" names no element of the page`);
  return problems;
}

let portal: TestPortal;
before(async () => {
  portal = await startTestPortal({ pageCache: false });
});
after(() => portal.close());

describe('ids on every page', () => {
  it('the check finds duplicates, dangling references and shadow-root scoping', () => {
    assert.deepEqual(
      idProblems(
        '<main id="a"><h2 id="a">x</h2><section aria-labelledby="b"></section><a href="#c">c</a>' +
          '<portal-x><template shadowrootmode="open"><p id="a"></p><label for="a">l</label><a href="#a">a</a></template></portal-x></main>',
      ),
      [
        'id="a" 2 times in the document',
        'aria-labelledby="b" names no element in the document',
        'href="#c" names no element of the page',
      ],
    );
  });

  const pages = [
    ...ROUTES.map(([path]) => path),
    '/product/2',
    '/solution/2',
    '/cases/2',
    '/innovation-practice/2/1',
    '/order/create?productId=1&edition=1',
    '/order/success?orderNo=ZZY2345678923456789',
    '/order',
    '/order/ZZY2345678923456789',
    '/docs',
    ...Object.keys(ELEMENTS).map((tag) => `/docs/${tag}`),
    '/no-such-page',
  ];
  for (const path of pages) {
    it(`${path}: unique ids, and every reference finds its element`, async () => {
      const { status, body } = await request(portal.port, path);
      assert.ok(status === 200 || path === '/no-such-page', `${path} answered ${status}`);
      assert.deepEqual(idProblems(body), []);
    });
  }

  it('the feedback form sent back with its errors', async () => {
    const { status, body } = await request(portal.port, '/feedback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ topic: '', content: '', contactName: '', contact: 'x' }).toString(),
    });
    assert.equal(status, 400);
    assert.deepEqual(idProblems(body), []);
  });
});
