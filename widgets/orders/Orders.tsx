import { useEffect, useState } from 'react';
import { dateTime, yuan } from '../../contract/format';
import type { Order } from '../../contract/order';
import type { ElementProps } from '../core/define';
import { type Lang, resolveLang } from '../core/i18n';
import type { Obstacle } from '../order-guard/checks';
import { currentUser } from '../order-guard/checks';
import { AccessNotice } from './AccessNotice';
import { fetchOrder, fetchOrders, orderFailure } from './orders-api';

export interface OrdersProps extends ElementProps {
  /** One order to show; without it, the company's orders. */
  orderNo?: string;
  lang?: string;
}

type State =
  | { kind: 'loading' }
  | { kind: 'order'; order: Order }
  | { kind: 'list'; orders: Order[]; total: number }
  | { kind: 'obstacle'; obstacle: Obstacle }
  | { kind: 'not-found' }
  | { kind: 'error'; message: string };

const TEXT = {
  'zh-CN': {
    fields: {
      orderNo: '订单编号',
      company: '下单企业',
      product: '产品',
      edition: '版本',
      unitPrice: '单价',
      quantity: '数量',
      total: '合计',
      contactName: '联系人',
      contactPhone: '联系电话',
      remark: '备注',
      status: '状态',
      createdAt: '下单时间',
      statusChangedAt: '状态更新时间',
      productAndEdition: '产品与版本',
    },
    noRemark: '无',
    status: { submitted: '已提交，待确认', confirmed: '已确认', fulfilled: '已完成', cancelled: '已取消' },
    loading: '正在加载订单…',
    notFound: '订单不存在，或不属于您的企业。',
    myOrders: '查看我的订单',
    failed: '加载失败',
    none: '暂无订单。',
    count: (n: number) => `共 ${n} 个订单`,
  },
  en: {
    fields: {
      orderNo: 'Order number',
      company: 'Ordering company',
      product: 'Product',
      edition: 'Edition',
      unitPrice: 'Unit price',
      quantity: 'Quantity',
      total: 'Total',
      contactName: 'Contact name',
      contactPhone: 'Contact phone',
      remark: 'Remark',
      status: 'Status',
      createdAt: 'Placed at',
      statusChangedAt: 'Status changed at',
      productAndEdition: 'Product and edition',
    },
    noRemark: 'None',
    status: {
      submitted: 'Submitted, awaiting confirmation',
      confirmed: 'Confirmed',
      fulfilled: 'Fulfilled',
      cancelled: 'Cancelled',
    },
    loading: 'Loading orders…',
    notFound: 'This order does not exist, or belongs to another company.',
    myOrders: 'See my orders',
    failed: 'Loading failed',
    none: 'No orders yet.',
    count: (n: number) => `${n} order${n === 1 ? '' : 's'}`,
  },
};

function OrderDetails({ order, lang }: { order: Order; lang: Lang }) {
  const { fields: f, ...t } = TEXT[lang];
  const rows: Array<[string, string]> = [
    [f.orderNo, order.orderNo],
    [f.company, order.companyName],
    [f.product, order.productName],
    [f.edition, order.editionName],
    [f.unitPrice, `${yuan(order.unitPriceFen)}/${order.unit}`],
    [f.quantity, String(order.quantity)],
    [f.total, yuan(order.totalFen)],
    [f.contactName, order.contactName],
    [f.contactPhone, order.contactPhone],
    [f.remark, order.remark || t.noRemark],
    [f.status, t.status[order.status] ?? order.status],
    [f.createdAt, dateTime(order.createdAt, lang)],
  ];
  // Once staff have moved the order on, the customer sees when.
  if (order.status !== 'submitted' && order.statusChangedAt)
    rows.push([f.statusChangedAt, dateTime(order.statusChangedAt, lang)]);
  return (
    <dl className="details" part="details">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The company's orders, or one of them; only ever what the server shows this company. */
export function Orders({ host, orderNo, lang }: OrdersProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const language = resolveLang(host, lang);
  const t = TEXT[language];

  useEffect(() => {
    let live = true;
    const show = (next: State) => live && setState(next);
    void currentUser().then(async (user) => {
      if (!user) return show({ kind: 'obstacle', obstacle: 'login' });
      try {
        if (orderNo) {
          const order = await fetchOrder(orderNo);
          show(order ? { kind: 'order', order } : { kind: 'not-found' });
        } else {
          const page = await fetchOrders();
          show({ kind: 'list', orders: page?.list ?? [], total: page?.total ?? 0 });
        }
      } catch (error) {
        const failure = await orderFailure(error, language);
        if (failure.kind === 'obstacle') show(failure);
        else if (failure.kind === 'not-found') show(failure);
        else show({ kind: 'error', message: 'message' in failure ? failure.message : t.failed });
      }
    });
    return () => {
      live = false;
    };
  }, [orderNo, language, t]);

  switch (state.kind) {
    case 'loading':
      return (
        <p className="status" role="status">
          {t.loading}
        </p>
      );
    case 'obstacle':
      return <AccessNotice obstacle={state.obstacle} lang={language} />;
    case 'not-found':
      return (
        <div className="notice" role="alert">
          <p>{t.notFound}</p>
          <a href="/order">{t.myOrders}</a>
        </div>
      );
    case 'error':
      return (
        <p className="notice" role="alert">
          {state.message}
        </p>
      );
    case 'order':
      return <OrderDetails order={state.order} lang={language} />;
    case 'list':
      if (!state.orders.length) return <p className="status">{t.none}</p>;
      return (
        // A phone scrolls the table in its own box (a named region), not the page sideways.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the box scrolls; keyboard users scroll it from here.
        <section className="scroll" aria-labelledby="orders-caption" tabIndex={0}>
          <table className="list" part="list">
            <caption id="orders-caption">{t.count(state.total)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.fields.orderNo}</th>
                <th scope="col">{t.fields.productAndEdition}</th>
                <th scope="col">{t.fields.quantity}</th>
                <th scope="col">{t.fields.total}</th>
                <th scope="col">{t.fields.createdAt}</th>
              </tr>
            </thead>
            <tbody>
              {state.orders.map((order) => (
                <tr key={order.orderNo}>
                  <td>
                    <a href={`/order/${order.orderNo}`}>{order.orderNo}</a>
                  </td>
                  <td>
                    {order.productName} · {order.editionName}
                  </td>
                  <td>{order.quantity}</td>
                  <td>{yuan(order.totalFen)}</td>
                  <td>{dateTime(order.createdAt, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      );
  }
}
