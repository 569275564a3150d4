import * as v from 'valibot';
import type { orderAnswer } from './api-answers';
import type { Lang } from './page-data';
import { BRAND_PREFIX, RANDOM_ALPHABET } from './random-ids';

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

/**
 * Where an order stands. `submitted` is the received order (the word the API
 * has always answered for a new one); the site's staff move it on to confirmed
 * and then fulfilled, or cancel it before it is fulfilled.
 */
export const ORDER_STATUSES = ['submitted', 'confirmed', 'fulfilled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The key that makes a repeated submission (double click, retry) one order. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Every message of the order rules, in each language; the server speaks zh-CN. */
export const ORDER_MESSAGES = {
  'zh-CN': {
    required: {
      productId: '请选择要订购的产品',
      editionId: '请选择产品版本',
      companyId: '请选择下单企业',
      quantity: '请填写购买数量',
      contactName: '请填写联系人姓名',
      contactPhone: '请填写联系电话',
      remark: '备注应为文字',
      idempotencyKey: '缺少提交编号',
    },
    quantityInteger: '购买数量应为整数',
    quantityMin: '购买数量至少为 1',
    quantityMax: `购买数量最多为 ${QUANTITY_MAX}`,
    contactNameMax: `联系人姓名不超过 ${CONTACT_NAME_MAX} 个字`,
    contactPhone: '请填写正确的手机号或带区号的座机号（如 0512-66668888）',
    remarkMax: `备注不超过 ${REMARK_MAX} 个字`,
    idempotencyKey: '提交编号格式不正确',
  },
  en: {
    required: {
      productId: 'Choose the product to order',
      editionId: 'Choose an edition of the product',
      companyId: 'Choose the ordering company',
      quantity: 'Enter the quantity',
      contactName: 'Enter the contact name',
      contactPhone: 'Enter the contact phone number',
      remark: 'The remark must be text',
      idempotencyKey: 'The submission number is missing',
    },
    quantityInteger: 'The quantity must be a whole number',
    quantityMin: 'The quantity must be at least 1',
    quantityMax: `The quantity can be at most ${QUANTITY_MAX}`,
    contactNameMax: `The contact name can have at most ${CONTACT_NAME_MAX} characters`,
    contactPhone: 'Enter a mainland mobile number, or a landline with its area code (such as 0512-66668888)',
    remarkMax: `The remark can have at most ${REMARK_MAX} characters`,
    idempotencyKey: 'The submission number is malformed',
  },
} satisfies Record<Lang, unknown>;

const id = (message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(1, message));

const text = (required: string) => v.pipe(v.string(required), v.trim(), v.nonEmpty(required));

/** The rules, with their messages in `lang`. */
export function orderSchemaIn(lang: Lang) {
  const m = ORDER_MESSAGES[lang];
  return v.object({
    productId: id(m.required.productId),
    editionId: id(m.required.editionId),
    companyId: id(m.required.companyId),
    quantity: v.pipe(
      v.number(m.required.quantity),
      v.integer(m.quantityInteger),
      v.minValue(1, m.quantityMin),
      v.maxValue(QUANTITY_MAX, m.quantityMax),
    ),
    contactName: v.pipe(text(m.required.contactName), v.maxLength(CONTACT_NAME_MAX, m.contactNameMax)),
    contactPhone: v.pipe(text(m.required.contactPhone), v.regex(PHONE_PATTERN, m.contactPhone)),
    remark: v.optional(v.pipe(v.string(m.required.remark), v.trim(), v.maxLength(REMARK_MAX, m.remarkMax)), ''),
    idempotencyKey: v.pipe(v.string(m.required.idempotencyKey), v.regex(IDEMPOTENCY_KEY_PATTERN, m.idempotencyKey)),
  });
}

/** The rules as the server applies them (its messages are Chinese). */
export const orderSchema = orderSchemaIn('zh-CN');
const englishSchema = orderSchemaIn('en');

export type OrderInput = v.InferInput<typeof orderSchema>;
export type OrderRequest = v.InferOutput<typeof orderSchema>;
export type OrderField = keyof OrderRequest;

/** Every field's first problem, by field name, in `lang`; empty when the order is valid. */
export function orderErrors(input: unknown, lang: Lang = 'zh-CN'): Partial<Record<OrderField, string>> {
  const result = v.safeParse(lang === 'en' ? englishSchema : orderSchema, input);
  if (result.success) return {};
  const errors: Partial<Record<OrderField, string>> = {};
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key as OrderField | undefined;
    // A missing key is reported by the object, in valibot's words: say it in ours.
    if (field && !errors[field])
      errors[field] = issue.input === undefined ? ORDER_MESSAGES[lang].required[field] : issue.message;
  }
  return errors;
}

/** The order as the API answers it (contract/api-answers.ts). */
export type Order = v.InferOutput<typeof orderAnswer>;
