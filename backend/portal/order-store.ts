import { createHash } from 'node:crypto';
import { ORDER_NO_LENGTH, type Order, type OrderRequest } from '../../contract/order';
import { BRAND_PREFIX, randomString } from '../../contract/random-ids';
import type { Db } from '../db/connection';

/** What is bought, as the catalogue prices it today. */
export interface PricedEdition {
  productName: string;
  editionName: string;
  unit: string;
  priceFen: number;
}

export type PlaceResult = { order: Order; created: boolean } | { conflict: true };

const ORDER_COLUMNS = `o.order_no AS orderNo, o.company_id AS companyId, c.name AS companyName,
  o.product_id AS productId, o.product_name AS productName, o.edition_id AS editionId,
  o.edition_name AS editionName, o.unit, o.unit_price_fen AS unitPriceFen, o.quantity,
  o.total_fen AS totalFen, o.contact_name AS contactName, o.contact_phone AS contactPhone,
  o.remark, o.status, o.created_at AS createdAt`;

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
   * better-sqlite3 is synchronous, so the check and the insert cannot interleave.
   */
  place(userId: number, request: OrderRequest, priced: PricedEdition, now = new Date()): PlaceResult {
    return this.db.transaction((): PlaceResult => {
      const hash = fingerprint(request);
      const earlier = this.db
        .prepare(
          'SELECT order_no AS orderNo, company_id AS companyId, request_hash AS hash FROM orders WHERE user_id = ? AND idempotency_key = ?',
        )
        .get(userId, request.idempotencyKey) as { orderNo: string; companyId: number; hash: string } | undefined;
      if (earlier) {
        if (earlier.hash !== hash) return { conflict: true };
        return { order: this.byNumber(earlier.companyId, earlier.orderNo) as Order, created: false };
      }
      const orderNo = newOrderNo();
      this.db
        .prepare(
          `INSERT INTO orders (order_no, company_id, user_id, product_id, edition_id, product_name, edition_name, unit,
             unit_price_fen, quantity, total_fen, contact_name, contact_phone, remark, idempotency_key, request_hash, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          orderNo,
          request.companyId,
          userId,
          request.productId,
          request.editionId,
          priced.productName,
          priced.editionName,
          priced.unit,
          priced.priceFen,
          request.quantity,
          priced.priceFen * request.quantity,
          request.contactName,
          request.contactPhone,
          request.remark,
          request.idempotencyKey,
          hash,
          now.toISOString(),
        );
      return { order: this.byNumber(request.companyId, orderNo) as Order, created: true };
    })();
  }

  /** An order of this company; another company's order does not exist for it. */
  byNumber(companyId: number, orderNo: string): Order | undefined {
    return this.db
      .prepare(
        `SELECT ${ORDER_COLUMNS} FROM orders o JOIN companies c ON c.id = o.company_id WHERE o.order_no = ? AND o.company_id = ?`,
      )
      .get(orderNo, companyId) as Order | undefined;
  }

  /** The company's orders, newest first. */
  forCompany(companyId: number, { page, pageSize }: { page: number; pageSize: number }) {
    const { total } = this.db.prepare('SELECT count(*) AS total FROM orders WHERE company_id = ?').get(companyId) as {
      total: number;
    };
    const list = this.db
      .prepare(
        `SELECT ${ORDER_COLUMNS} FROM orders o JOIN companies c ON c.id = o.company_id
         WHERE o.company_id = ? ORDER BY o.created_at DESC, o.id DESC LIMIT ? OFFSET ?`,
      )
      .all(companyId, pageSize, (page - 1) * pageSize) as Order[];
    return { list, total, page, pageSize };
  }
}
