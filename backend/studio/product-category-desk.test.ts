import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Studio, studioWithStaff } from '../test-support/desk-lifecycle';

describe('the product categories desk', () => {
  let studio: Studio;
  before(async () => {
    studio = await studioWithStaff();
  });
  after(() => studio.portal.close());

  it('keeps a new category off the product list until published; a rename shows once published, and is restored', async () => {
    const { admin, editor, visitor } = studio;
    const saved = await editor.submit('/studio/product-categories/new', '/studio/product-categories', {
      name: '工业软件',
    });
    assert.equal(saved.status, 303, saved.body);
    const id = /\/studio\/product-categories\/(\d+)/.exec(saved.location ?? '')?.[1] ?? '';
    assert.doesNotMatch((await visitor('/product')).body, /工业软件/);
    assert.equal((await visitor(`/product?categoryId=${id}`)).status, 404);
    assert.match((await editor.get('/product?preview=true')).body, /工业软件/, 'staff preview it');
    // The product form offers it, marked as not published yet.
    assert.match((await editor.get('/studio/products/new')).body, /工业软件（未发布）/);

    await admin.submit(`/studio/product-categories/${id}`, `/studio/product-categories/${id}/publish`, {});
    assert.match((await visitor('/product')).body, /工业软件/);
    assert.equal((await visitor(`/product?categoryId=${id}`)).status, 200);
    assert.match((await visitor('/sitemap.xml')).body, new RegExp(`categoryId=${id}<`));

    await editor.submit(`/studio/product-categories/${id}`, `/studio/product-categories/${id}`, {
      name: '工业软件套件',
    });
    assert.doesNotMatch((await visitor('/product')).body, /工业软件套件/, 'a draft changes nothing');
    await admin.submit(`/studio/product-categories/${id}`, `/studio/product-categories/${id}/publish`, {});
    assert.match((await visitor('/product')).body, /工业软件套件/);
    const page = (await admin.get(`/studio/product-categories/${id}`)).body;
    assert.doesNotMatch(page, /撤下/, 'a category is not taken down');
    const first = [...page.matchAll(/name="revision" value="(\d+)"/g)].map((match) => match[1]).at(-1) ?? '';
    await admin.submit(`/studio/product-categories/${id}`, `/studio/product-categories/${id}/restore`, {
      revision: first,
    });
    assert.doesNotMatch((await visitor('/product')).body, /工业软件套件/);
  });

  it('refuses an empty or long name in Chinese, keeping what was typed; hostile HTML stays text', async () => {
    const { admin, editor, visitor } = studio;
    const refused = await editor.submit('/studio/product-categories/new', '/studio/product-categories', {
      name: '一个非常非常非常非常非常非常长的分类名称啊啊',
    });
    assert.equal(refused.status, 400);
    assert.match(refused.body, /分类名称不能超过 20 个字/);
    assert.match(refused.body, /value="一个非常非常非常非常非常非常长的分类名称啊啊"/);
    const saved = await editor.submit('/studio/product-categories/new', '/studio/product-categories', {
      name: '<b onclick=f()>x</b>',
    });
    const id = /\/studio\/product-categories\/(\d+)/.exec(saved.location ?? '')?.[1] ?? '';
    await admin.submit(`/studio/product-categories/${id}`, `/studio/product-categories/${id}/publish`, {});
    const list = (await visitor('/product')).body;
    assert.doesNotMatch(list, /<b onclick/);
    assert.match(list, /&lt;b onclick=f\(\)>x&lt;\/b>/);
  });
});
