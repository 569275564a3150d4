import * as v from 'valibot';
import { BRAND_PREFIX, RANDOM_ALPHABET } from '../core/helpers/random';

/**
 * One order, as the form sends it and the server accepts it: the browser and the
 * server validate with this same schema, so they agree on every rule and message.
 */

export const QUANTITY_MAX = 999;
export const CONTACT_NAME_MAX = 32;
export const REMARK_MAX = 200;

/** A mainland mobile number, or a landline with its area code (0512-12345678). */
export const PHONE_PATTERN = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/;

/** Order numbers: the brand prefix and 16 crypto-random unambiguous characters. */
export const ORDER_NO_LENGTH = 16;
export const ORDER_NO_PATTERN = new RegExp(`^${BRAND_PREFIX}[${RANDOM_ALPHABET}]{${ORDER_NO_LENGTH}}$`);

/** The key that makes a repeated submission (double click, retry) one order. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** What a field says when it is missing altogether. */
const REQUIRED = {
  productId: '请选择要订购的产品',
  editionId: '请选择产品版本',
  companyId: '请选择下单企业',
  quantity: '请填写购买数量',
  contactName: '请填写联系人姓名',
  contactPhone: '请填写联系电话',
  remark: '备注应为文字',
  idempotencyKey: '缺少提交编号',
} as const;

const id = (message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(1, message));

const text = (required: string) => v.pipe(v.string(required), v.trim(), v.nonEmpty(required));

export const orderSchema = v.object({
  productId: id(REQUIRED.productId),
  editionId: id(REQUIRED.editionId),
  companyId: id(REQUIRED.companyId),
  quantity: v.pipe(
    v.number(REQUIRED.quantity),
    v.integer('购买数量应为整数'),
    v.minValue(1, '购买数量至少为 1'),
    v.maxValue(QUANTITY_MAX, `购买数量最多为 ${QUANTITY_MAX}`),
  ),
  contactName: v.pipe(
    text(REQUIRED.contactName),
    v.maxLength(CONTACT_NAME_MAX, `联系人姓名不超过 ${CONTACT_NAME_MAX} 个字`),
  ),
  contactPhone: v.pipe(
    text(REQUIRED.contactPhone),
    v.regex(PHONE_PATTERN, '请填写正确的手机号或带区号的座机号（如 0512-66668888）'),
  ),
  remark: v.optional(
    v.pipe(v.string(REQUIRED.remark), v.trim(), v.maxLength(REMARK_MAX, `备注不超过 ${REMARK_MAX} 个字`)),
    '',
  ),
  idempotencyKey: v.pipe(v.string(REQUIRED.idempotencyKey), v.regex(IDEMPOTENCY_KEY_PATTERN, '提交编号格式不正确')),
});

export type OrderInput = v.InferInput<typeof orderSchema>;
export type OrderRequest = v.InferOutput<typeof orderSchema>;
export type OrderField = keyof OrderRequest;

/** Every field's first problem, by field name; empty when the order is valid. */
export function orderErrors(input: unknown): Partial<Record<OrderField, string>> {
  const result = v.safeParse(orderSchema, input);
  if (result.success) return {};
  const errors: Partial<Record<OrderField, string>> = {};
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key as OrderField | undefined;
    // A missing key is reported by the object, in valibot's words: say it in ours.
    if (field && !errors[field]) errors[field] = issue.input === undefined ? REQUIRED[field] : issue.message;
  }
  return errors;
}

/** The order as the API answers it. */
export interface Order {
  orderNo: string;
  companyId: number;
  companyName: string;
  productId: number;
  productName: string;
  editionId: number;
  editionName: string;
  unit: string;
  unitPriceFen: number;
  quantity: number;
  totalFen: number;
  contactName: string;
  contactPhone: string;
  remark: string;
  status: 'submitted';
  createdAt: string;
}
