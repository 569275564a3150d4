import { type RawBuilder, sql } from 'kysely';
import type { Order, OrderStatus } from '../../contract/order';
import { all, type Db, one } from '../db/query';
import { ORDER_COLUMNS } from './order-store';

/** What the desk narrows the orders to; every part optional. Dates are Beijing days, `YYYY-MM-DD`. */
export interface OrderFilter {
  status?: OrderStatus;
  /** Part of the order number, the company's name, the contact's name or phone. */
  text?: string;
  from?: string;
  to?: string;
}

/** One change of an order's status, as its history shows it. */
export interface OrderEvent {
  id: number;
  from: OrderStatus;
  to: OrderStatus;
  byName: string;
  note: string;
  at: string;
}

/** The start of a Beijing day as the orders' UTC timestamps spell it. */
const dayStart = (day: string, plusDays = 0) =>
  new Date(Date.parse(`${day}T00:00:00+08:00`) + plusDays * 86_400_000).toISOString();

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

function where(filter: OrderFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (filter.status) parts.push(sql`o.status = ${filter.status}`);
  if (filter.from) parts.push(sql`o.created_at >= ${dayStart(filter.from)}`);
  if (filter.to) parts.push(sql`o.created_at < ${dayStart(filter.to, 1)}`);
  if (filter.text) {
    const p = likePattern(filter.text);
    parts.push(sql`(lower(o.order_no) LIKE ${p} ESCAPE '\\' OR lower(c.name) LIKE ${p} ESCAPE '\\'
      OR lower(o.contact_name) LIKE ${p} ESCAPE '\\' OR o.contact_phone LIKE ${p} ESCAPE '\\')`);
  }
  return sql.join(parts, sql` AND `);
}

/** Every company's orders, as the site's staff see them (customers only ever see their own company's). */
export class StaffOrders {
  constructor(private readonly db: Db) {}

  /** A page of the orders the filter keeps, newest first. */
  async page(filter: OrderFilter, page: number, pageSize: number) {
    const counted = await one(
      this.db,
      sql<{ total: number }>`SELECT count(*) AS total FROM orders o JOIN companies c ON c.id = o.company_id
        WHERE ${where(filter)}`,
    );
    const list = await this.list(filter, pageSize, (page - 1) * pageSize);
    return { list, total: Number(counted?.total ?? 0), page, pageSize };
  }

  /** The orders the filter keeps, newest first: at most `limit`. */
  list(filter: OrderFilter, limit: number, offset = 0): Promise<Order[]> {
    return all(
      this.db,
      sql<Order>`SELECT ${ORDER_COLUMNS} FROM orders o JOIN companies c ON c.id = o.company_id
        WHERE ${where(filter)} ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  }

  byNumber(orderNo: string): Promise<Order | undefined> {
    return one(
      this.db,
      sql<Order>`SELECT ${ORDER_COLUMNS} FROM orders o JOIN companies c ON c.id = o.company_id
        WHERE o.order_no = ${orderNo}`,
    );
  }

  /** The order's status changes, oldest first. */
  history(orderNo: string): Promise<OrderEvent[]> {
    return all(
      this.db,
      sql<OrderEvent>`SELECT e.id, e.from_status AS "from", e.to_status AS "to", e.by_name AS "byName", e.note, e.at
        FROM order_events e JOIN orders o ON o.id = e.order_id WHERE o.order_no = ${orderNo} ORDER BY e.id`,
    );
  }

  /** How many orders have the status: the received ones are the desk's new orders. */
  async count(status: OrderStatus): Promise<number> {
    const row = await one(this.db, sql<{ n: number }>`SELECT count(*) AS n FROM orders WHERE status = ${status}`);
    return Number(row?.n ?? 0);
  }
}
