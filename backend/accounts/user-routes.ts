import { type Request, Router } from 'express';
import { badRequest, ok, parse, unauthorized } from '../envelope';
import type { AppRegistry } from './apps';
import * as schemas from './schemas';
import type { AccountStore, UserRow } from './store';

const bearer = (req: Request) => /^Bearer ([\w-]{1,200})$/.exec(req.get('Authorization') ?? '')?.[1];

/** The user whose access token the request carries; a 401 without a valid one. */
export const bearerUser =
  (store: AccountStore) =>
  async (req: Request): Promise<UserRow> => {
    const token = bearer(req);
    const user = token ? await store.userByAccessToken(token, null) : undefined;
    if (!user) throw unauthorized();
    return user;
  };

/** What the user info calls answer (SPEC §3). */
async function publicUser(store: AccountStore, user: UserRow) {
  const company = user.company_id === null ? undefined : await store.company(user.company_id);
  return {
    name: user.name,
    userName: user.username,
    headImg: user.head_img,
    mobile: user.mobile,
    companyId: company?.id ?? null,
    companyName: company?.name ?? null,
    potalStatus: company?.certified === 1,
  };
}

/** The signed-in user: who they are, the console's menu and what they may do there. */
export function userRoutes(store: AccountStore, apps: AppRegistry): Router {
  const router = Router();
  const userOf = bearerUser(store);
  const registeredApp = (query: unknown) => {
    const { appId } = parse(schemas.appQuery, query);
    if (!apps.has(appId)) throw badRequest('未登记的应用');
  };

  const userInfo = async (req: Request, res: Parameters<typeof ok>[0]) =>
    ok(res, await publicUser(store, await userOf(req)));
  router.get('/customer/current/customer-info', userInfo);
  router.get('/current/user-info', userInfo);

  router.get('/current/menu/tree', async (req, res) => {
    const user = await userOf(req);
    registeredApp(req.query);
    const certified = (await publicUser(store, user)).potalStatus;
    ok(res, [
      { code: 'home', name: '控制台首页', path: '/welcome', children: [] },
      { code: 'orders', name: '我的订单', path: '/order', children: [] },
      ...(certified ? [] : [{ code: 'certify', name: '企业认证', path: '/company/enterprise', children: [] }]),
    ]);
  });

  router.get('/current/buttons', async (req, res) => {
    const user = await userOf(req);
    registeredApp(req.query);
    const company = user.company_id === null ? undefined : await store.company(user.company_id);
    const canOrder = company?.certified === 1 && company.admin_user_id !== null;
    ok(res, canOrder ? ['order:create', 'order:view'] : ['order:view']);
  });
  return router;
}
