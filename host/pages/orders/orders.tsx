import type { ReactNode } from 'react';
import type { ContentSource } from '../../data/content';
import { Breadcrumb, yuan } from '../content/parts';
import { type PageContext, renderDocument } from '../document';

type Product = NonNullable<Awaited<ReturnType<ContentSource['product']>>>;
type Edition = Product['editions'][number];

/** What the order pages say to visitors without scripts: the data needs the sign-in. */
const NoScript = () => (
  <noscript>
    <p className="notice">订单需要登录后查看和提交，请启用浏览器的 JavaScript。</p>
  </noscript>
);

const orderTrail = (last: string) => [{ label: '我的订单', href: '/order' }, { label: last }];

interface OrderPageParts {
  /** The title before the site name. */
  title: string;
  heading: string;
  trail: Array<{ label: string; href?: string }>;
  /** The element the page loads with its own module script. */
  element: 'portal-order-form' | 'portal-orders';
  children: ReactNode;
}

/** The frame every order page shares: order layout, breadcrumb, heading, and the no-script notice. */
function renderOrderPage(context: PageContext, { title, heading, trail, element, children }: OrderPageParts): string {
  return renderDocument(
    {
      title: `${title} - 智造云`,
      layout: 'order',
      modules: [element],
      children: (
        <main id="main" className="page order-page">
          <Breadcrumb trail={trail} />
          <h1>{heading}</h1>
          {children}
          <NoScript />
        </main>
      ),
    },
    context,
  );
}

/** `/order/create`: the product and edition from the catalogue, the form for the rest. */
export function renderOrderCreate(context: PageContext, product: Product, edition: Edition): string {
  return renderOrderPage(context, {
    title: `订购 ${product.name}`,
    heading: '订购产品',
    trail: [
      { label: '产品中心', href: '/product' },
      { label: product.name, href: `/product/${product.id}` },
      { label: '订购' },
    ],
    element: 'portal-order-form',
    children: (
      <>
        <section className="order-summary" aria-labelledby="order-product">
          <h2 id="order-product">{product.name}</h2>
          <p>
            版本：<strong>{edition.name}</strong>　价格：
            <strong>
              {yuan(edition.priceFen)}/{edition.unit}
            </strong>
          </p>
        </section>
        <portal-order-form product-id={String(product.id)} edition-id={String(edition.id)} />
      </>
    ),
  });
}

/** `/order/success`: placed; the order follows. */
export function renderOrderSuccess(context: PageContext, orderNo: string): string {
  return renderOrderPage(context, {
    title: '下单成功',
    heading: '下单成功',
    trail: orderTrail('下单成功'),
    element: 'portal-orders',
    children: (
      <>
        <p>
          我们已收到您的订单，客户经理将在一个工作日内与您联系。订单编号：<strong>{orderNo}</strong>
        </p>
        <portal-orders order-no={orderNo} />
        <p>
          <a href={`/order/${orderNo}`}>查看订单详情</a>　<a href="/order">我的订单</a>
        </p>
      </>
    ),
  });
}

/** `/order/{orderNo}`: one order, shown only to its own company (the API decides). */
export function renderOrderDetail(context: PageContext, orderNo: string): string {
  return renderOrderPage(context, {
    title: `订单 ${orderNo}`,
    heading: '订单详情',
    trail: orderTrail('订单详情'),
    element: 'portal-orders',
    children: <portal-orders order-no={orderNo} />,
  });
}

/** `/order`: the company's orders. */
export function renderOrderList(context: PageContext): string {
  return renderOrderPage(context, {
    title: '我的订单',
    heading: '我的订单',
    trail: [{ label: '我的订单' }],
    element: 'portal-orders',
    children: <portal-orders />,
  });
}
