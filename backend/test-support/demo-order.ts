/**
 * The order tests place as `demo`: product 1's first edition for its company 1001,
 * as the order form sends it. `idempotencyKey` names the submission (one order per key).
 */
export const demoOrder = (idempotencyKey: string, changes: Record<string, unknown> = {}) => ({
  productId: 1,
  editionId: 1,
  companyId: 1001,
  quantity: 1,
  contactName: '张明',
  contactPhone: '13800001001',
  remark: '',
  idempotencyKey,
  ...changes,
});
