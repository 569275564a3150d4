import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readSeed } from '../../backend/seed';
import { renderElementDoc } from './docs-page';

const RELEASE = { id: '0.1.0-test', scriptPath: '/widgets/v/0.1.0-test/portal.js', integrity: 'sha384-test' };
const ORIGIN = 'https://portal.example';

/** The text of each snippet of a page, as a reader copies it. */
const snippets = (html: string) =>
  [...html.matchAll(/<pre[^>]*><code>([\s\S]*?)<\/code><\/pre>/g)].map(([, code = '']) =>
    code
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );

describe('the /docs element pages’ snippets', () => {
  it('order a seeded product’s edition from the order form’s', () => {
    const attributes = ['lang', 'product-id', 'edition-id'].map((name) => ({ name }));
    const page = renderElementDoc('n', ORIGIN, RELEASE, { tagName: 'portal-order-form', attributes }, 'page');
    const markup = snippets(page).find((text) => text.includes('<portal-order-form')) ?? '';
    const productId = Number(/product-id="(\d+)"/.exec(markup)?.[1]);
    const edition = Number(/edition-id="(\d+)"/.exec(markup)?.[1]);
    // Editions are numbered in the seed's order: product 1's first is edition 1.
    const seeded = readSeed().products;
    assert.equal(seeded[0]?.id, 1);
    assert.ok(
      seeded.some((product) => product.id === productId),
      `product ${productId} is seeded`,
    );
    assert.ok(productId === 1 && edition >= 1 && edition <= (seeded[0]?.editions.length ?? 0), markup);
  });

  it('name the chat’s limits on new conversations, the per-address one a partner may raise', () => {
    const page = renderElementDoc('n', ORIGIN, RELEASE, { tagName: 'portal-chat-launcher' }, 'chat');
    assert.match(page, /CHAT_CONVERSATIONS_PER_VISITOR/);
    assert.ok(snippets(page).includes('CHAT_CONVERSATIONS_PER_ADDRESS=200'));
  });
});
