import express, { type Request, type Response, Router } from 'express';
import { yuan } from '../../contract/format';
import { ORDER_NO_PATTERN, ORDER_STATUSES, type Order, type OrderStatus } from '../../contract/order';
import { ORDER_MOVES, ORDER_STATUS_NAMES } from '../portal/order-store';
import { formToken, type Studio, sendStudioMessage, sendStudioPage, sessionOf, signedIn } from './context';
import { csvTable, csvTime, sendCsv } from './csv';
import { DESK_PAGE_SIZE, deskTime, EXPORT_LIMIT, Pager, pageOf, today } from './desk-parts';
import { filterQuery, type OrderFilterValues, orderFilterOf } from './order-filter';
import { FormErrors, Notice } from './studio-page';

const form = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 10 });
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What the order's page says after a move (`?done=` the status it moved to). */
const DONE: Partial<Record<OrderStatus, string>> = {
  confirmed: '订单已确认，客户在订单页上能看到。',
  fulfilled: '订单已标记为完成。',
  cancelled: '订单已取消。',
};

/** What each move's button says. */
const MOVE_LABELS: Record<OrderStatus, string> = {
  submitted: '改为已收到',
  confirmed: '确认订单',
  fulfilled: '标记为已完成',
  cancelled: '取消订单',
};

const NOTE_MAX = 200;

/** A status as a tag: new orders stand out, cancelled ones step back. */
const Status = ({ status }: { status: OrderStatus }) => (
  <span className={`tag state${status === 'submitted' ? ' state-new' : status === 'cancelled' ? ' state-closed' : ''}`}>
    {ORDER_STATUS_NAMES[status] ?? status}
  </span>
);

function OrderFilters({ values, errors }: { values: OrderFilterValues; errors: Record<string, string> }) {
  const invalid = (name: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `filter-${name}-error` } : {};
  const error = (name: string) =>
    errors[name] && (
      <p className="field-error" id={`filter-${name}-error`}>
        {errors[name]}
      </p>
    );
  return (
    <form method="get" action="/studio/orders" className="filters" aria-label="筛选订单">
      <div>
        <label htmlFor="filter-status">状态</label>
        <select id="filter-status" name="status" defaultValue={values.status}>
          <option value="">全部</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_NAMES[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-q">搜索</label>
        <input
          id="filter-q"
          name="q"
          type="search"
          defaultValue={values.q}
          maxLength={50}
          placeholder="订单编号、企业、联系人或电话"
          {...invalid('q')}
        />
        {error('q')}
      </div>
      <div>
        <label htmlFor="filter-from">下单日期从</label>
        <input id="filter-from" name="from" type="date" defaultValue={values.from} {...invalid('from')} />
        {error('from')}
      </div>
      <div>
        <label htmlFor="filter-to">到</label>
        <input id="filter-to" name="to" type="date" defaultValue={values.to} {...invalid('to')} />
        {error('to')}
      </div>
      <div className="actions">
        <button type="submit">筛选</button>
        <a className="button" href="/studio/orders">
          清除筛选
        </a>
      </div>
    </form>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const rows: Array<[string, string]> = [
    ['订单编号', order.orderNo],
    ['下单时间', deskTime(order.createdAt)],
    ['下单企业', order.companyName],
    ['联系人', order.contactName],
    ['联系电话', order.contactPhone],
    ['产品', order.productName],
    ['版本', order.editionName],
    ['单价（下单时）', `${yuan(order.unitPriceFen)}/${order.unit}`],
    ['数量', String(order.quantity)],
    ['合计', yuan(order.totalFen)],
    ['备注', order.remark || '无'],
  ];
  return (
    <dl className="details">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The spreadsheet's columns, and each order's cells. */
const CSV_HEADER = [
  '订单编号',
  '下单时间',
  '状态',
  '状态更新时间',
  '下单企业',
  '产品',
  '版本',
  '单价（元）',
  '数量',
  '单位',
  '合计（元）',
  '联系人',
  '联系电话',
  '备注',
];
const csvRow = (order: Order) => [
  order.orderNo,
  csvTime(order.createdAt),
  ORDER_STATUS_NAMES[order.status] ?? order.status,
  csvTime(order.statusChangedAt ?? order.createdAt),
  order.companyName,
  order.productName,
  order.editionName,
  (order.unitPriceFen / 100).toFixed(2),
  order.quantity,
  order.unit,
  (order.totalFen / 100).toFixed(2),
  order.contactName,
  order.contactPhone,
  order.remark,
];

/**
 * The owner's desk for orders: every company's orders, filtered and paged,
 * exported as a spreadsheet; each order's details and history, and the moves
 * from one status to the next (which the customer sees on `/order/{orderNo}`).
 */
export function ordersDeskRoutes(studio: Studio): Router {
  const router = Router();
  const { orders, moves } = studio.desk;
  const staff = signedIn(studio, 'orders');
  const by = (res: Response) => ({ id: sessionOf(res).staff.id, name: sessionOf(res).staff.name });

  router.get('/studio/orders', staff, async (req, res) => {
    const { filter, values, errors } = orderFilterOf(req.query);
    const page = pageOf(req.query.page);
    const found = await orders.page(filter, page, DESK_PAGE_SIZE);
    const query = filterQuery(values);
    const exportHref = `/studio/orders/export${query.size ? `?${query}` : ''}`;
    sendStudioPage(
      studio,
      req,
      res,
      {
        title: '订单',
        current: '/studio/orders',
        children: (
          <div className="card">
            <h1>订单</h1>
            <FormErrors errors={errors} />
            <OrderFilters values={values} errors={errors} />
            <p className="list-head">
              <span role="status">共 {found.total} 个订单</span>
              <a className="button" href={exportHref} download>
                导出 CSV（当前筛选）
              </a>
            </p>
            {found.list.length ? (
              <table className="rows">
                <thead>
                  <tr>
                    <th scope="col">订单编号</th>
                    <th scope="col">状态</th>
                    <th scope="col">下单时间</th>
                    <th scope="col">下单企业</th>
                    <th scope="col">联系人</th>
                    <th scope="col">产品与版本</th>
                    <th scope="col">合计</th>
                  </tr>
                </thead>
                <tbody>
                  {found.list.map((order) => (
                    <tr key={order.orderNo}>
                      <td>
                        <a className="code" href={`/studio/orders/${order.orderNo}`}>
                          {order.orderNo}
                        </a>
                      </td>
                      <td data-label="状态">
                        <Status status={order.status} />
                      </td>
                      <td data-label="下单时间">{deskTime(order.createdAt)}</td>
                      <td data-label="下单企业">{order.companyName}</td>
                      <td data-label="联系人">
                        {order.contactName} {order.contactPhone}
                      </td>
                      <td data-label="产品与版本">
                        {order.productName} · {order.editionName}
                      </td>
                      <td data-label="合计">{yuan(order.totalFen)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p>没有符合条件的订单。</p>
            )}
            <Pager path="/studio/orders" query={query} page={page} pageSize={DESK_PAGE_SIZE} total={found.total} />
          </div>
        ),
      },
      Object.keys(errors).length ? 400 : 200,
    );
  });

  router.get('/studio/orders/export', staff, async (req, res) => {
    const { filter, values, errors } = orderFilterOf(req.query);
    if (Object.keys(errors).length)
      return sendStudioMessage(
        studio,
        req,
        res,
        {
          title: '无法导出',
          text: Object.values(errors).join(' '),
          link: { href: `/studio/orders?${filterQuery(values)}`, label: '回到订单列表' },
          current: '/studio/orders',
        },
        400,
      );
    const list = await orders.list(filter, EXPORT_LIMIT);
    await studio.audit.record(by(res), 'orders-exported', '', { count: list.length, filter });
    sendCsv(res, `订单-${today()}.csv`, `orders-${today()}.csv`, csvTable(CSV_HEADER, list.map(csvRow)));
  });

  const missing = (req: Request, res: Response) =>
    sendStudioMessage(
      studio,
      req,
      res,
      { title: '没有这个订单', current: '/studio/orders', link: { href: '/studio/orders', label: '回到订单列表' } },
      404,
    );

  const showOrder = async (
    req: Request,
    res: Response,
    order: Order,
    refused: { error: string; note: string } | undefined = undefined,
    status = 200,
  ) => {
    const history = await orders.history(order.orderNo);
    const next = ORDER_MOVES[order.status] ?? [];
    const csrf = formToken(studio, req, res);
    sendStudioPage(
      studio,
      req,
      res,
      {
        title: `订单 ${order.orderNo}`,
        current: '/studio/orders',
        children: (
          <>
            <p>
              <a href="/studio/orders">订单</a> / {order.orderNo}
            </p>
            <div className="card">
              <h1>订单 {order.orderNo}</h1>
              <Notice text={DONE[text(req.query.done) as OrderStatus]} />
              <FormErrors errors={refused ? { '': refused.error } : {}} />
              <p className="status">
                <Status status={order.status} />
                <span>更新于 {deskTime(order.statusChangedAt ?? order.createdAt)}</span>
              </p>
              <OrderDetails order={order} />
            </div>
            <div className="card">
              <h2>处理订单</h2>
              {next.length ? (
                <form method="post" action={`/studio/orders/${order.orderNo}/status`} noValidate>
                  <input type="hidden" name="csrf" value={csrf} />
                  <label htmlFor="field-note">说明（可不填，记入订单记录）</label>
                  <textarea
                    id="field-note"
                    name="note"
                    rows={3}
                    maxLength={NOTE_MAX}
                    defaultValue={refused?.note}
                    className="plain"
                  />
                  <div className="actions">
                    {next.map((to) => (
                      <button
                        key={to}
                        type="submit"
                        name="to"
                        value={to}
                        className={to === 'cancelled' ? 'danger' : undefined}
                      >
                        {MOVE_LABELS[to]}
                      </button>
                    ))}
                  </div>
                </form>
              ) : (
                <p>“{ORDER_STATUS_NAMES[order.status]}”的订单不能再改状态。</p>
              )}
            </div>
            <div className="card">
              <h2>状态记录</h2>
              <table className="rows">
                <thead>
                  <tr>
                    <th scope="col">时间</th>
                    <th scope="col">操作人</th>
                    <th scope="col">状态</th>
                    <th scope="col">说明</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <td>{deskTime(order.createdAt)}</td>
                    <td data-label="操作人">客户下单</td>
                    <td data-label="状态">{ORDER_STATUS_NAMES.submitted}</td>
                    <td data-label="说明">—</td>
                  </tr>
                  {history.map((event) => (
                    <tr key={event.id}>
                      <td>{deskTime(event.at)}</td>
                      <td data-label="操作人">{event.byName}</td>
                      <td data-label="状态">
                        {ORDER_STATUS_NAMES[event.from]} → {ORDER_STATUS_NAMES[event.to]}
                      </td>
                      <td data-label="说明">{event.note || '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ),
      },
      status,
    );
  };

  const orderNoOf = (req: Request) => {
    const orderNo = String(req.params.orderNo ?? '');
    return ORDER_NO_PATTERN.test(orderNo) ? orderNo : undefined;
  };

  router.get('/studio/orders/:orderNo', staff, async (req, res) => {
    const orderNo = orderNoOf(req);
    const order = orderNo && (await orders.byNumber(orderNo));
    if (!order) return missing(req, res);
    await showOrder(req, res, order);
  });

  router.post('/studio/orders/:orderNo/status', staff, form, studio.auth.forms.check, async (req, res) => {
    const orderNo = orderNoOf(req);
    const order = orderNo && (await orders.byNumber(orderNo));
    if (!orderNo || !order) return missing(req, res);
    const to = text(req.body.to);
    const note = text(req.body.note).trim();
    if (!(ORDER_STATUSES as readonly string[]).includes(to))
      return showOrder(req, res, order, { error: '请选择要把订单改为的状态。', note }, 400);
    if (note.length > NOTE_MAX)
      return showOrder(req, res, order, { error: `说明不超过 ${NOTE_MAX} 个字。`, note }, 400);
    const result = await moves.move(orderNo, { to: to as OrderStatus, by: by(res), note });
    if ('missing' in result) return missing(req, res);
    if ('refused' in result)
      return showOrder(req, res, (await orders.byNumber(orderNo)) ?? order, { error: result.refused, note }, 409);
    await studio.audit.record(by(res), 'order-status', orderNo, {
      from: ORDER_STATUS_NAMES[result.from],
      to: ORDER_STATUS_NAMES[to as OrderStatus],
      ...(note && { note }),
    });
    res.redirect(303, `/studio/orders/${orderNo}?done=${to}`);
  });
  return router;
}
