import { type Request, type RequestHandler, type Response, Router } from 'express';
import { ORDER_NO_PATTERN, orderErrors, orderSchema } from '../../contract/order';
import { pageQuery } from '../../contract/portal-requests';
import { ApiFailure, InvalidFields, notFound, ok, parse } from '../envelope';
import { currentUser } from './auth';
import type { ContentStore } from './content-store';
import type { CustomerStore } from './customer-store';
import type { OrderStore } from './order-store';

export interface OrderApiOptions {
  orders: OrderStore;
  customers: CustomerStore;
  content: ContentStore;
  /** Verifies the bearer token (401 without a valid one). */
  signedIn: RequestHandler;
  brand: string;
}

/** The refusals a signed-in customer can act on; the codes tell the page which prompt to show. */
export const ORDER_REFUSALS = {
  uncertified: new ApiFailure(403, 'E4031', '该账号暂无已完成认证的企业,请先完成企业认证.'),
  noAdministrator: new ApiFailure(403, 'E4032', '该企业还未设置管理员，请先完成管理员设置'),
};

/**
 * Every order call needs a signed-in user of a certified company with an
 * administrator: the server checks it here, whatever the page did before.
 */
function orderAccess(customers: CustomerStore): RequestHandler {
  return async (_req, res, next) => {
    const companyId = currentUser(res).company_id;
    const company = companyId === null ? undefined : await customers.company(companyId);
    if (company?.certified !== 1) return next(ORDER_REFUSALS.uncertified);
    if (company.adminUserId === null) return next(ORDER_REFUSALS.noAdministrator);
    res.locals.companyId = company.id;
    next();
  };
}

const companyOf = (res: Response) => res.locals.companyId as number;

/** Orders of the caller's company: place, list, read one. */
export function orderApi({ orders, customers, content, signedIn, brand }: OrderApiOptions): Router {
  const router = Router();
  const base = `/api-${brand}-portal/api/orders`;
  router.use(base, signedIn, orderAccess(customers));

  router.post(base, async (req: Request, res) => {
    const errors = orderErrors(req.body);
    if (Object.keys(errors).length) throw new InvalidFields(errors, '订单信息不正确');
    const order = parse(orderSchema, req.body);
    const user = currentUser(res);
    if (!(await customers.correlatedCompanies(user.company_id)).some((c) => c.companyId === order.companyId))
      throw new InvalidFields({ companyId: '只能为本账号关联的企业下单' });
    const product = await content.product(order.productId);
    if (!product) throw new InvalidFields({ productId: '该产品不存在或已下架' });
    const edition = product.editions.find((e) => e.id === order.editionId);
    if (!edition) throw new InvalidFields({ editionId: '该版本已停售或不存在，请刷新页面重新选择' });
    const placed = await orders.place(user.id, order, {
      productName: product.name,
      editionName: edition.name,
      unit: edition.unit,
      priceFen: edition.priceFen,
    });
    if ('conflict' in placed)
      throw new ApiFailure(409, 'E0409', '这次提交的编号已用于另一份订单，请刷新页面后重新填写');
    ok(res, placed.order);
  });

  router.get(base, async (req, res) => ok(res, await orders.forCompany(companyOf(res), parse(pageQuery, req.query))));

  router.get(`${base}/:orderNo`, async (req, res) => {
    const orderNo = req.params.orderNo ?? '';
    const order = ORDER_NO_PATTERN.test(orderNo) ? await orders.byNumber(companyOf(res), orderNo) : undefined;
    if (!order) throw notFound('订单不存在');
    ok(res, order);
  });
  return router;
}
