import { defineElement } from '../core/define';
import ordersStyles from '../orders/orders.css';
import { OrderForm, type OrderFormProps } from './OrderForm';
import styles from './order-form.css';

export const ORDER_FORM_TAG = 'portal-order-form';

/**
 * The order form of `/order/create`: the company (from getCorrelationCompanyList),
 * quantity, contact name and phone, remark. Every field is checked in the browser
 * with the schema the server checks again with (`order-schema.ts`), errors in
 * the element's language beside each field. A double click or a retry after a network error
 * sends the same idempotency key, so it makes one order. Shows the guard's
 * message instead of the form when the user may not order. Loaded by the order
 * page itself, not by `portal.js`.
 *
 * @summary Order form.
 * @attr lang - `zh-CN` or `en`; defaults to the nearest `lang` on the page. Messages from the server
 *   (a refused field) stay Chinese.
 * @attr product-id - The product ordered.
 * @attr edition-id - Its edition.
 * @event portal-order-form-placed - The order was placed (detail: orderNo); the page goes to /order/success next.
 * @csspart form - The form.
 * @csspart notice - What stands between the user and ordering, with the way forward.
 * @cssproperty --portal-accent-color - The submit button.
 * @cssproperty --portal-text-color - Text colour (#1f2937).
 * @cssproperty --portal-font-family - Font family (the system's Chinese fonts: PingFang SC, Microsoft YaHei, Noto Sans CJK SC).
 * @cssproperty --portal-accent-text-color - Text colour on the accent colour (#fff).
 * @cssproperty --portal-focus-ring-color - Colour of the keyboard focus ring.
 */
export const PortalOrderForm = defineElement<OrderFormProps>(ORDER_FORM_TAG, OrderForm, {
  props: { productId: 'string', editionId: 'string', lang: 'string' },
  styles: ordersStyles + styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'portal-order-form': HTMLElement & { productId?: string; editionId?: string; lang: string };
  }
  interface GlobalEventHandlersEventMap {
    'portal-order-form-placed': CustomEvent<{ orderNo: string }>;
  }
}
