import { ORDER_STATUSES, type OrderStatus } from '../../contract/order';
import type { OrderFilter } from '../portal/staff-orders';

/** The filter form's fields as typed, to show them again. */
export interface OrderFilterValues {
  status: string;
  q: string;
  from: string;
  to: string;
}

const TEXT_MAX = 50;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A real calendar day, `YYYY-MM-DD`. */
const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/**
 * The orders list's filter from its query (`status`, `q`, `from`, `to`): what
 * it keeps, what was typed, and what is wrong with it (a part that is wrong
 * filters nothing, and says why beside its field).
 */
export function orderFilterOf(query: Record<string, unknown>): {
  filter: OrderFilter;
  values: OrderFilterValues;
  errors: Record<string, string>;
} {
  const values = { status: text(query.status), q: text(query.q), from: text(query.from), to: text(query.to) };
  const errors: Record<string, string> = {};
  const filter: OrderFilter = {};
  if ((ORDER_STATUSES as readonly string[]).includes(values.status)) filter.status = values.status as OrderStatus;
  else values.status = '';
  if (values.q.length > TEXT_MAX) errors.q = `搜索内容不超过 ${TEXT_MAX} 个字`;
  else if (values.q) filter.text = values.q;
  for (const key of ['from', 'to'] as const) {
    if (!values[key]) continue;
    if (isDay(values[key])) filter[key] = values[key];
    else errors[key] = '请填写有效的日期（如 2026-11-28）';
  }
  if (filter.from && filter.to && filter.from > filter.to) {
    errors.to = '结束日期不能早于开始日期';
    delete filter.to;
  }
  return { filter, values, errors };
}

/** The filter as a query, for the pager and the export: only its filled parts. */
export const filterQuery = (values: OrderFilterValues) =>
  new URLSearchParams(Object.entries(values).filter(([, value]) => value));
