import { HTTPError } from 'ky';
import type { Order, OrderRequest } from '../../contract/order';
import { environment } from '../core/env';
import { getData, http } from '../core/http';
import type { Lang } from '../core/i18n';
import type { Obstacle } from '../order-guard/checks';

export const ordersPath = (orderNo?: string) =>
  `/api-${environment().brand}-portal/api/orders${orderNo ? `/${encodeURIComponent(orderNo)}` : ''}`;

/** Why an order call failed, in terms the page can act on. */
export type OrderFailure =
  | { kind: 'obstacle'; obstacle: Obstacle }
  | { kind: 'invalid'; errors: Record<string, string>; message: string }
  | { kind: 'not-found' }
  | { kind: 'other'; message: string };

const OBSTACLE_CODES: Record<string, Obstacle> = { E4031: 'certify', E4032: 'admin' };

const TEXT = {
  'zh-CN': { offline: '网络异常，请检查网络后重试', failed: (status: number) => `请求失败（${status}）` },
  en: {
    offline: 'The network failed. Check the connection and try again.',
    failed: (status: number) => `The request failed (${status})`,
  },
};

/**
 * Reads a failed call's answer: the server's refusal codes become the guard's
 * obstacles. The server's own messages (field errors) are Chinese whatever `lang`.
 */
export async function orderFailure(error: unknown, lang: Lang = 'zh-CN'): Promise<OrderFailure> {
  if (!(error instanceof HTTPError)) return { kind: 'other', message: TEXT[lang].offline };
  const body = (await error.response.json().catch(() => ({}))) as {
    code?: string;
    msg?: string;
    errors?: Record<string, string>;
  };
  const status = error.response.status;
  if (status === 401) return { kind: 'obstacle', obstacle: 'login' };
  const obstacle = body.code ? OBSTACLE_CODES[body.code] : undefined;
  if (obstacle) return { kind: 'obstacle', obstacle };
  if (status === 404) return { kind: 'not-found' };
  if (status === 400 && body.errors) return { kind: 'invalid', errors: body.errors, message: body.msg ?? '' };
  return { kind: 'other', message: (lang === 'zh-CN' && body.msg) || TEXT[lang].failed(status) };
}

export const placeOrder = async (order: OrderRequest) =>
  (await http.post<Order>(ordersPath(), order, { silent: true })).result as Order;

export const fetchOrder = (orderNo: string) => getData<Order>(ordersPath(orderNo), { silent: true });

export const fetchOrders = (page = 1) =>
  getData<{ list: Order[]; total: number; page: number; pageSize: number }>(ordersPath(), {
    silent: true,
    searchParams: { page, pageSize: 20 },
  });
