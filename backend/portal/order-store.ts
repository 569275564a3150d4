import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { ORDER_NO_LENGTH, type Order, type OrderRequest, type OrderStatus } from '../../contract/order';
import { BRAND_PREFIX, randomString } from '../../contract/random-ids';
import { all, type Db, one, run } from '../db/query';

/** What is bought, as the catalogue prices it today. */
export interface PricedEdition {
  productName: string;
  editionName: string;
  unit: string;
  priceFen: number;
}

export type PlaceResult = { order: Order; created: boolean } | { conflict: true };

export const ORDER_COLUMNS = sql.raw(`o.order_no AS "orderNo", o.company_id AS "companyId", c.name AS "companyName",
  o.product_id AS "productId", o.product_name AS "productName", o.edition_id AS "editionId",
  o.edition_name AS "editionName", o.unit, o.unit_price_fen AS "unitPriceFen", o.quantity,
  o.total_fen AS "totalFen", o.contact_name AS "contactName", o.contact_phone AS "contactPhone",
  o.remark, o.status, o.created_at AS "createdAt",
  COALESCE(o.status_changed_at, o.created_at) AS "statusChangedAt"`);

/** What staff call each status (`submitted` is the received order). */
export const ORDER_STATUS_NAMES: Readonly<Record<OrderStatus, string>> = {
  submitted: '已收到',
  confirmed: '已确认',
  fulfilled: '已完成',
  cancelled: '已取消',
};

/** The moves staff may make from each status; a fulfilled or cancelled order stays so. */
export const ORDER_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  submitted: ['confirmed', 'cancelled'],
  confirmed: ['fulfilled', 'cancelled'],
  fulfilled: [],
  cancelled: [],
};

/** Who moved an order, and why (the note is optional). */
export interface OrderMove {
  to: OrderStatus;
  by: { id: number; name: string };
  note: string;
}

export type MoveResult = { moved: true; from: OrderStatus } | { refused: string } | { missing: true };

/** Why a move from `from` to `to` is not made, in words staff can act on. */
export function refusedMove(from: OrderStatus, to: OrderStatus): string | undefined {
  if (ORDER_MOVES[from].includes(to)) return undefined;
  const name = ORDER_STATUS_NAMES;
  if (from === to) return `订单已经是“${name[to]}”，无需再改。`;
  const allowed = ORDER_MOVES[from].map((next) => `“${name[next]}”`).join('或');
  return allowed
    ? `“${name[from]}”的订单不能改为“${name[to]}”，只能改为${allowed}。`
    : `“${name[from]}”的订单不能再改状态。`;
}

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

  /**
   * Moves an order to another status, if the move is allowed from the status it
   * has now: the update names the status it expects, so of two staff moving the
   * same order at once, the second is refused and told where the order stands.
   */
  async move(orderNo: string, { to, by, note }: OrderMove, now = new Date()): Promise<MoveResult> {
    return this.db.transaction().execute(async (trx) => {
      const current = await one(
        trx,
        sql<{ id: number; status: OrderStatus }>`SELECT id, status FROM orders WHERE order_no = ${orderNo}`,
      );
      if (!current) return { missing: true };
      const refusal = refusedMove(current.status, to);
      if (refusal) return { refused: refusal };
      const at = now.toISOString();
      const changed = await run(
        trx,
        sql`UPDATE orders SET status = ${to}, status_changed_at = ${at} WHERE id = ${current.id} AND status = ${current.status}`,
      );
      if (!changed) return { refused: '订单状态刚被其他人修改，请刷新页面后再试。' };
      await run(
        trx,
        sql`INSERT INTO order_events (order_id, from_status, to_status, by_id, by_name, note, at)
          VALUES (${current.id}, ${current.status}, ${to}, ${by.id}, ${by.name}, ${note}, ${at})`,
      );
      return { moved: true, from: current.status };
    });
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
