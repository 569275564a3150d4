import assert from 'node:assert/strict';
import { it } from 'node:test';
import { request } from '../../test-support/http';
import { testDatabases } from '../test-support/databases';
import { demoOrder } from '../test-support/demo-order';
import { deskLifecycle } from '../test-support/desk-lifecycle';
import { productForm } from '../test-support/product-form';
import { accessTokenFor } from '../test-support/sign-in';

const PRODUCT = {
  categoryId: '2',
  name: '智测云视觉检测一体机',
  summary: '相机、光源与算法一体，产线上即装即用。',
  descriptionHtml: '<p>一体机介绍。</p><h3>组成</h3><ul><li>工业相机</li></ul>',
  highlights: '即装即用：两小时完成部署\n小样本训练：50 张图片起训',
  scenarios: '电池极片表面缺陷检测\n压铸件外观检测',
  'editions.0.name': '标准版',
  'editions.0.price': '12800.5',
  'editions.0.unit': '套',
  'editions.0.features': '单工位\n10 类缺陷',
  'editions.1.name': '产线版',
  'editions.1.price': '36000',
  'editions.1.unit': '套',
  'editions.1.features': '四工位',
};

const ORDERS = '/api-zzy-portal/api/orders';

deskLifecycle(
  {
    name: 'product',
    base: '/studio/products',
    page: (id) => `/product/${id}`,
    // The new product's category: a list of one page.
    list: '/product?categoryId=2',
    fields: PRODUCT,
    title: PRODUCT.name,
    titleField: 'name',
    searchWord: '视觉检测一体机',
    refused: {
      fields: { name: '', 'editions.0.price': '12.345', 'editions.1.name': '', 'editions.2.price': '-5' },
      messages: [/请填写产品名称/, /第 1 个版本的价格请写成元/, /请填写第 2 个版本的名称/, /第 3 个版本的价格请写成元/],
      kept: [/相机、光源与算法一体/, /value="12.345"/, /value="36000"/, /value="-5"/, /电池极片表面缺陷检测/],
    },
    textFields: ['summary', 'descriptionHtml', 'highlights', 'scenarios', 'editions.0.features'],
    shortFields: ['name', 'editions.0.name'],
  },
  (studio, id) => {
    const order = async (token: string, changes: Record<string, unknown>) => {
      const res = await request(studio().portal.port, ORDERS, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(demoOrder(`catalogue-${Date.now()}-${Math.random().toString(36).slice(2)}`, changes)),
      });
      return { status: res.status, body: JSON.parse(res.body) };
    };
    const edit = (fields: Record<string, string>) =>
      studio().admin.submit(`/studio/products/${id()}`, `/studio/products/${id()}`, fields);
    const publish = () => studio().admin.submit(`/studio/products/${id()}`, `/studio/products/${id()}/publish`, {});

    it('a published price is on the product page and is what the next order records; an order placed keeps its own', async () => {
      const { portal, admin, visitor } = studio();
      const token = await accessTokenFor(portal.port, portal.origin, 'demo');
      const before = await order(token, { productId: 1, editionId: 1 });
      assert.equal(before.status, 200, JSON.stringify(before.body));
      assert.equal(before.body.result.unitPriceFen, 1_980_000);
      const decoded = productForm(JSON.parse((await visitor('/api/products/1')).body).result);
      assert.equal(decoded['editions.0.price'], '19800');
      const saved = await admin.submit('/studio/products/1', '/studio/products/1', {
        ...decoded,
        'editions.0.price': '21888.88',
      });
      assert.equal(saved.status, 303, saved.body);
      const draftOrder = await order(token, { productId: 1, editionId: 1 });
      assert.equal(draftOrder.body.result.unitPriceFen, 1_980_000, 'a draft price is not sold');
      await admin.submit('/studio/products/1', '/studio/products/1/publish', {});
      assert.match((await visitor('/product/1')).body, /21,?888\.88/);
      const after = await order(token, { productId: 1, editionId: 1, quantity: 2 });
      assert.equal(after.body.result.unitPriceFen, 2_188_888);
      assert.equal(after.body.result.totalFen, 4_377_776);
      const kept = await request(portal.port, `${ORDERS}/${before.body.result.orderNo}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      assert.equal(JSON.parse(kept.body).result.unitPriceFen, 1_980_000, 'the order placed keeps its price');
    });

    it('refuses an order for an edition removed from sale, or a product taken down, with a clear message', async () => {
      const { portal, admin } = studio();
      const token = await accessTokenFor(portal.port, portal.origin, 'demo');
      const page = (await admin.get(`/studio/products/${id()}`)).body;
      const editionIds = [...page.matchAll(/name="editions\.\d\.id" value="(\d+)"/g)].map((match) => match[1]);
      assert.equal(editionIds.length, 2);
      // The second edition's row emptied: removed from sale.
      await edit({
        ...PRODUCT,
        'editions.0.id': editionIds[0] ?? '',
        'editions.1.name': '',
        'editions.1.price': '',
        'editions.1.unit': '',
        'editions.1.features': '',
      });
      await publish();
      const removed = await order(token, { productId: Number(id()), editionId: Number(editionIds[1]) });
      assert.equal(removed.status, 400);
      assert.match(JSON.stringify(removed.body), /该版本已停售或不存在/);
      const kept = await order(token, { productId: Number(id()), editionId: Number(editionIds[0]) });
      assert.equal(kept.status, 200, JSON.stringify(kept.body));
      assert.equal(kept.body.result.unitPriceFen, 1_280_050);
      await admin.submit(`/studio/products/${id()}`, `/studio/products/${id()}/unpublish`, {});
      const down = await order(token, { productId: Number(id()), editionId: Number(editionIds[0]) });
      assert.equal(down.status, 400);
      assert.match(JSON.stringify(down.body), /该产品不存在或已下架/);
      await publish();
    });

    it('a price published for a hot product drops its own pages only; its new name, in every footer, drops them all', async () => {
      const { portal, admin, visitor } = studio();
      const announced: Array<readonly string[]> = [];
      portal.backend.sources.changes?.onChange((paths) => announced.push(paths));
      const product = JSON.parse((await visitor('/api/products/1')).body).result;
      assert.equal(product.hot, true, 'product 1 is in the footer’s popular products');
      const publishOne = async (fields: Record<string, string>) => {
        assert.equal((await admin.submit('/studio/products/1', '/studio/products/1', fields)).status, 303);
        await admin.submit('/studio/products/1', '/studio/products/1/publish', {});
        return announced.at(-1);
      };
      const form = productForm(product);
      assert.deepEqual(await publishOne({ ...form, 'editions.1.price': '30000' }), [
        '/',
        '/home',
        '/en',
        '/product',
        '/product/1',
        '/product/P2025001',
        '/order/create',
        '/meiqia/card',
        '/topic/battery',
        '/sitemap.xml',
        '/mapsite',
        '/searchRes',
      ]);
      assert.deepEqual(await publishOne({ ...form, name: `${product.name}（新版）` }), ['*']);
      assert.deepEqual(await publishOne(form), ['*']);
    });
  },
  // Prices and orders on both databases.
  testDatabases,
);
