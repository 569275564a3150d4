import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ORDER_MESSAGES, orderErrors } from '../../contract/order';

const CJK = /[\u4e00-\u9fff]/;
const valid = {
  productId: 1,
  editionId: 1,
  companyId: 1001,
  quantity: 2,
  contactName: '张明',
  contactPhone: '13800001001',
  remark: '',
  idempotencyKey: 'order-rules-test-key-0001',
};

describe('the order rules in both languages', () => {
  it('have every message in each language', () => {
    const keys = (value: object): string[] =>
      Object.entries(value).flatMap(([key, inner]) =>
        typeof inner === 'object' ? keys(inner).map((k) => `${key}.${k}`) : [key],
      );
    assert.deepEqual(keys(ORDER_MESSAGES.en), keys(ORDER_MESSAGES['zh-CN']));
  });

  const bad: Array<[string, Record<string, unknown>]> = [
    ['nothing at all', {}],
    ['a quantity of 0 and a bad phone', { ...valid, quantity: 0, contactPhone: '12345' }],
    [
      'a fractional quantity, a long name and remark',
      { ...valid, quantity: 1.5, contactName: '名'.repeat(40), remark: '字'.repeat(201) },
    ],
    ['too many, a blank name, a bad key', { ...valid, quantity: 5000, contactName: '   ', idempotencyKey: 'x' }],
  ];
  for (const [name, input] of bad) {
    it(`find the same fields wrong in either language: ${name}`, () => {
      const chinese = orderErrors(input);
      const english = orderErrors(input, 'en');
      assert.ok(Object.keys(chinese).length > 0);
      assert.deepEqual(Object.keys(english).toSorted(), Object.keys(chinese).toSorted());
      for (const message of Object.values(chinese)) assert.match(message, CJK);
      for (const message of Object.values(english)) assert.doesNotMatch(message, CJK);
    });
  }

  it('accept a valid order in either language', () => {
    assert.deepEqual(orderErrors(valid), {});
    assert.deepEqual(orderErrors(valid, 'en'), {});
  });
});
