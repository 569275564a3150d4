import { defineElement } from '../core/define';
import { Orders, type OrdersProps } from './Orders';
import styles from './orders.css';

export const ORDERS_TAG = 'portal-orders';

/**
 * The signed-in company's orders (`/order`), or one of them with `order-no`
 * (`/order/{orderNo}`, `/order/success`). Data comes from the order API, which
 * checks sign-in, certification and administrator, and answers 404 for an order
 * of another company; the element then says so. Loaded by the order pages
 * themselves, not by `portal.js`.
 *
 * @summary Orders of the signed-in company.
 * @attr lang - `zh-CN` or `en`; defaults to the nearest `lang` on the page. Messages from the server
 *   (a refused field) stay Chinese.
 * @attr order-no - Show this order only.
 * @csspart details - One order's fields.
 * @csspart list - The table of orders.
 * @csspart notice - What stands between the user and the orders, with the way forward.
 * @cssproperty --portal-accent-color - Links and buttons.
 * @cssproperty --portal-text-color - Text colour (#1f2937).
 * @cssproperty --portal-font-family - Font family (the system's Chinese fonts: PingFang SC, Microsoft YaHei, Noto Sans CJK SC).
 * @cssproperty --portal-accent-text-color - Text colour on the accent colour (#fff).
 * @cssproperty --portal-focus-ring-color - Colour of the keyboard focus ring.
 */
export const PortalOrders = defineElement<OrdersProps>(ORDERS_TAG, Orders, {
  props: { orderNo: 'string', lang: 'string' },
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'portal-orders': HTMLElement & { orderNo?: string; lang: string };
  }
}
