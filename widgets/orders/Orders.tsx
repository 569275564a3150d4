import { useEffect, useState } from 'react';
import type { ElementProps } from '../core/define';
import type { Order } from '../order-form/order-schema';
import type { Obstacle } from '../order-guard/checks';
import { currentUser } from '../order-guard/checks';
import { AccessNotice } from './AccessNotice';
import { fetchOrder, fetchOrders, orderFailure, yuan } from './orders-api';

export interface OrdersProps extends ElementProps {
  /** One order to show; without it, the company's orders. */
  orderNo?: string;
}

type State =
  | { kind: 'loading' }
  | { kind: 'order'; order: Order }
  | { kind: 'list'; orders: Order[]; total: number }
  | { kind: 'obstacle'; obstacle: Obstacle }
  | { kind: 'not-found' }
  | { kind: 'error'; message: string };

const STATUS = { submitted: '已提交，待确认' } as const;
const when = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

function OrderDetails({ order }: { order: Order }) {
  const rows: Array<[string, string]> = [
    ['订单编号', order.orderNo],
    ['下单企业', order.companyName],
    ['产品', order.productName],
    ['版本', order.editionName],
    ['单价', `${yuan(order.unitPriceFen)}/${order.unit}`],
    ['数量', String(order.quantity)],
    ['合计', yuan(order.totalFen)],
    ['联系人', order.contactName],
    ['联系电话', order.contactPhone],
    ['备注', order.remark || '无'],
    ['状态', STATUS[order.status] ?? order.status],
    ['下单时间', when(order.createdAt)],
  ];
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
export function Orders({ orderNo }: OrdersProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });

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
        const failure = await orderFailure(error);
        if (failure.kind === 'obstacle') show(failure);
        else if (failure.kind === 'not-found') show(failure);
        else show({ kind: 'error', message: 'message' in failure ? failure.message : '加载失败' });
      }
    });
    return () => {
      live = false;
    };
  }, [orderNo]);

  switch (state.kind) {
    case 'loading':
      return (
        <p className="status" role="status">
          正在加载订单…
        </p>
      );
    case 'obstacle':
      return <AccessNotice obstacle={state.obstacle} />;
    case 'not-found':
      return (
        <div className="notice" role="alert">
          <p>订单不存在，或不属于您的企业。</p>
          <a href="/order">查看我的订单</a>
        </div>
      );
    case 'error':
      return (
        <p className="notice" role="alert">
          {state.message}
        </p>
      );
    case 'order':
      return <OrderDetails order={state.order} />;
    case 'list':
      if (!state.orders.length) return <p className="status">暂无订单。</p>;
      return (
        <table className="list" part="list">
          <caption>共 {state.total} 个订单</caption>
          <thead>
            <tr>
              <th scope="col">订单编号</th>
              <th scope="col">产品与版本</th>
              <th scope="col">数量</th>
              <th scope="col">合计</th>
              <th scope="col">下单时间</th>
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
                <td>{when(order.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
  }
}
