import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { ORDER_NO_LENGTH, type Order, type OrderRequest } from '../../contract/order';
import { BRAND_PREFIX, randomString } from '../../contract/random-ids';
import { all, type Db, one } from '../db/query';

/** What is bought, as the catalogue prices it today. */
export interface PricedEdition {
  productName: string;
  editionName: string;
  unit: string;
  priceFen: number;
}

export type PlaceResult = { order: Order; created: boolean } | { conflict: true };

const ORDER_COLUMNS = sql.raw(`o.order_no AS "orderNo", o.company_id AS "companyId", c.name AS "companyName",
  o.product_id AS "productId", o.product_name AS "productName", o.edition_id AS "editionId",
  o.edition_name AS "editionName", o.unit, o.unit_price_fen AS "unitPriceFen", o.quantity,
  o.total_fen AS "totalFen", o.contact_name AS "contactName", o.contact_phone AS "contactPhone",
  o.remark, o.status, o.created_at AS "createdAt"`);

/** Order numbers are drawn, never counted: nobody can guess another company's. */
export const newOrderNo = () => BRAND_PREFIX + randomString(ORDER_NO_LENGTH);

/** What identifies a submission's content, so a reused key with other content is told apart. */
function fingerprint(request: OrderRequest): string {
  const { idempotencyKey: _key, ...content } = request;
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/** The embedded back-end's orders, always read for one company. */
export class OrderStore {
  constructor(private readonly db: Db) {}

  /**
   * Places an order once per idempotency key and user: a repeated submission
   * (double click, retry after a lost answer) gets the order it already made.
   * The key's uniqueness decides: of two submissions at once (side by side on
   * PostgreSQL) one inserts, the other waits for it and finds its order.
   */
  async place(userId: number, request: OrderRequest, priced: PricedEdition, now = new Date()): Promise<PlaceResult> {
    const hash = fingerprint(request);
    const orderNo = newOrderNo();
    const inserted = await one(
      this.db,
      sql<{ orderNo: string }>`INSERT INTO orders (order_no, company_id, user_id, product_id, edition_id, product_name,
          edition_name, unit, unit_price_fen, quantity, total_fen, contact_name, contact_phone, remark, idempotency_key,
          request_hash, created_at)
        VALUES (${orderNo}, ${request.companyId}, ${userId}, ${request.productId}, ${request.editionId},
          ${priced.productName}, ${priced.editionName}, ${priced.unit}, ${priced.priceFen}, ${request.quantity},
          ${priced.priceFen * request.quantity}, ${request.contactName}, ${request.contactPhone}, ${request.remark},
          ${request.idempotencyKey}, ${hash}, ${now.toISOString()})
        ON CONFLICT (user_id, idempotency_key) DO NOTHING
        RETURNING order_no AS "orderNo"`,
    );
    if (inserted) return { order: (await this.byNumber(request.companyId, orderNo)) as Order, created: true };
    const earlier = await one(
      this.db,
      sql<{ orderNo: string; companyId: number; hash: string }>`SELECT order_no AS "orderNo", company_id AS "companyId",
          request_hash AS hash FROM orders WHERE user_id = ${userId} AND idempotency_key = ${request.idempotencyKey}`,
    );
    if (!earlier || earlier.hash !== hash) return { conflict: true };
    return { order: (await this.byNumber(earlier.companyId, earlier.orderNo)) as Order, created: false };
  }

  /** An order of this company; another company's order does not exist for it. */
  byNumber(companyId: number, orderNo: string): Promise<Order | undefined> {
    return one(
      this.db,
      sql<Order>`SELECT ${ORDER_COLUMNS} FROM orders o JOIN companies c ON c.id = o.company_id
        WHERE o.order_no = ${orderNo} AND o.company_id = ${companyId}`,
    );
  }

  /** The company's orders, newest first. */
  async forCompany(companyId: number, { page, pageSize }: { page: number; pageSize: number }) {
    const counted = await one(
      this.db,
      sql<{ total: number }>`SELECT count(*) AS total FROM orders WHERE company_id = ${companyId}`,
    );
    const list = await all(
      this.db,
      sql<Order>`SELECT ${ORDER_COLUMNS} FROM orders o JOIN companies c ON c.id = o.company_id
        WHERE o.company_id = ${companyId} ORDER BY o.created_at DESC, o.id DESC
        LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    );
    return { list, total: Number(counted?.total ?? 0), page, pageSize };
  }
}
