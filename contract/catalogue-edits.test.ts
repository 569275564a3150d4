import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { fenOf, MAX_PRICE_FEN, productEditSchema, yuanOf } from './catalogue-edits';

describe('prices as editors type them', () => {
  it('are yuan with at most two decimals, kept exactly in fen', () => {
    assert.equal(fenOf('19800'), 1_980_000);
    assert.equal(fenOf('0.1'), 10);
    assert.equal(fenOf('99.50'), 9_950);
    assert.equal(fenOf('0.29'), 29, 'no floating point on the way (0.29 * 100 is 28.999…)');
    assert.equal(fenOf(' 1,000.5 '), 100_050);
    for (const refused of ['12.345', '-5', '1e3', '', '.5', '12.', '１２'])
      assert.equal(fenOf(refused), undefined, refused);
  });

  it('show as the form had them', () => {
    assert.equal(yuanOf(1_980_000), '19800');
    assert.equal(yuanOf(9_950), '99.50');
    assert.equal(yuanOf(29), '0.29');
  });

  it('are refused above the highest list price, each row in its own words', () => {
    const form = {
      categoryId: '1',
      name: '产品',
      summary: '介绍',
      descriptionHtml: '<p>正文</p>',
      highlights: '',
      scenarios: '',
      'editions.0.name': '基础版',
      'editions.0.price': yuanOf(MAX_PRICE_FEN + 1),
      'editions.0.unit': '年',
      'editions.1.price': '5',
    };
    const parsed = v.safeParse(productEditSchema, form);
    assert.equal(parsed.success, false);
    const messages = Object.fromEntries((parsed.issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]));
    assert.match(messages['editions.0.price'] ?? '', /不能超过 1000000 元/);
    assert.match(messages['editions.1.name'] ?? '', /请填写第 2 个版本的名称/);
    assert.match(messages['editions.1.unit'] ?? '', /请填写第 2 个版本的计价单位/);
    const saved = v.parse(productEditSchema, { ...form, 'editions.0.price': '1000000', 'editions.1.price': '' });
    assert.deepEqual(saved.editions, [{ name: '基础版', priceFen: MAX_PRICE_FEN, unit: '年', features: [] }]);
  });
});
