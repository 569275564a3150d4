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

/** `/order/create`: the product and edition from the catalogue, the form for the rest. */
export function renderOrderCreate(context: PageContext, product: Product, edition: Edition): string {
  return renderDocument(
    {
      title: `订购 ${product.name} - 智造云`,
      layout: 'order',
      modules: ['portal-order-form'],
      children: (
        <main id="main" className="page order-page">
          <Breadcrumb
            trail={[
              { label: '产品中心', href: '/product' },
              { label: product.name, href: `/product/${product.id}` },
              { label: '订购' },
            ]}
          />
          <h1>订购产品</h1>
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
          <NoScript />
        </main>
      ),
    },
    context,
  );
}

/** `/order/success`: placed; the order follows. */
export function renderOrderSuccess(context: PageContext, orderNo: string): string {
  return renderDocument(
    {
      title: '下单成功 - 智造云',
      layout: 'order',
      modules: ['portal-orders'],
      children: (
        <main id="main" className="page order-page">
          <Breadcrumb trail={orderTrail('下单成功')} />
          <h1>下单成功</h1>
          <p>
            我们已收到您的订单，客户经理将在一个工作日内与您联系。订单编号：<strong>{orderNo}</strong>
          </p>
          <portal-orders order-no={orderNo} />
          <p>
            <a href={`/order/${orderNo}`}>查看订单详情</a>　<a href="/order">我的订单</a>
          </p>
          <NoScript />
        </main>
      ),
    },
    context,
  );
}

/** `/order/{orderNo}`: one order, shown only to its own company (the API decides). */
export function renderOrderDetail(context: PageContext, orderNo: string): string {
  return renderDocument(
    {
      title: `订单 ${orderNo} - 智造云`,
      layout: 'order',
      modules: ['portal-orders'],
      children: (
        <main id="main" className="page order-page">
          <Breadcrumb trail={orderTrail('订单详情')} />
          <h1>订单详情</h1>
          <portal-orders order-no={orderNo} />
          <NoScript />
        </main>
      ),
    },
    context,
  );
}

/** `/order`: the company's orders. */
export function renderOrderList(context: PageContext): string {
  return renderDocument(
    {
      title: '我的订单 - 智造云',
      layout: 'order',
      modules: ['portal-orders'],
      children: (
        <main id="main" className="page order-page">
          <Breadcrumb trail={[{ label: '我的订单' }]} />
          <h1>我的订单</h1>
          <portal-orders />
          <NoScript />
        </main>
      ),
    },
    context,
  );
}
