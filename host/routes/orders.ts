import type { RequestHandler } from 'express';
import { NUMERIC_ID_PATTERN } from '../../contract/ids';
import { ORDER_NO_PATTERN } from '../../contract/order';
import type { ContentSource } from '../data/content';
import { renderOrderCreate, renderOrderDetail, renderOrderList, renderOrderSuccess } from '../pages/orders/orders';
import { framePage, type PageDeps } from './page-context';
import { missing } from './params';

const orderNo = (value: unknown): string => {
  if (typeof value !== 'string' || !ORDER_NO_PATTERN.test(value)) throw missing();
  return value;
};

/**
 * The order pages. Orders belong to a signed-in company and the sign-in lives in
 * the browser, so the pages are the frame and their elements fetch the data
 * through the order API, which checks sign-in, certification and administrator
 * and hides other companies' orders. What the server can check here it does:
 * an unknown product, edition or malformed order number is a 404 page.
 */
export function orderPages(deps: PageDeps & { content: ContentSource }): Array<[string, RequestHandler]> {
  // The pages are frames the same for every visitor (the orders are fetched by
  // their elements), so they are kept like any other page.
  const page = framePage.bind(null, deps);
  return [
    [
      '/order/create',
      page(
        async (req, context) => {
          const { productId, edition } = req.query;
          if (typeof productId !== 'string' || !NUMERIC_ID_PATTERN.test(productId)) throw missing();
          const product = await deps.content.product(Number(productId));
          if (!product) throw missing();
          const chosen =
            typeof edition === 'string' && NUMERIC_ID_PATTERN.test(edition)
              ? product.editions.find((e) => e.id === Number(edition))
              : edition === undefined
                ? product.editions[0]
                : undefined;
          if (!chosen) throw missing();
          return renderOrderCreate(context, product, chosen);
        },
        { reads: ['productId', 'edition'] },
      ),
    ],
    [
      '/order/success',
      page((req, context) => renderOrderSuccess(context, orderNo(req.query.orderNo)), { reads: ['orderNo'] }),
    ],
    ['/order', page((_req, context) => renderOrderList(context))],
    ['/order/:orderNo', page((req, context) => renderOrderDetail(context, orderNo(req.params.orderNo)))],
  ];
}
