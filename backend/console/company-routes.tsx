import { type Request, type RequestHandler, type Response, Router } from 'express';
import * as v from 'valibot';
import { NUMERIC_ID_PATTERN } from '../../contract/ids';
import type { UserRow } from '../accounts/store';
import { formGuard } from '../http/form-guard';
import { ConsoleRefusal, type ConsoleSite, SESSION_COOKIE } from './console-site';
import type { ConsoleStore } from './console-store';
import { doneBody, enterpriseBody, managerSettingBody, welcomeBody } from './pages';

const companyIdParam = v.pipe(v.string(), v.regex(NUMERIC_ID_PATTERN), v.transform(Number));
const redirectParam = v.optional(v.pipe(v.string(), v.maxLength(2048)));
const creditCode = /^[0-9A-HJ-NPQRTUWXY]{18}$/;

/** The signed-in user's pages: the welcome, and their company's administrator and certification forms. */
export function companyRoutes(
  { backend, page, allowedReturn }: ConsoleSite,
  store: ConsoleStore,
  signedIn: RequestHandler,
): Router {
  const router = Router();
  router.get('/welcome', signedIn, async (_req, res) => {
    const user = res.locals.user as UserRow;
    const company = user.company_id === null ? undefined : await store.company(user.company_id);
    await page(
      res,
      '控制台首页',
      welcomeBody({
        name: user.name,
        username: user.username,
        companyId: company?.id ?? null,
        companyName: company?.name ?? null,
        certified: company?.certified === 1,
        adminName: company?.adminName ?? null,
      }),
    );
  });

  /** The signed-in user's own company, named by `key`; any other is refused (403). */
  const ownCompany = async (req: Request, res: Response, key: string) => {
    const user = res.locals.user as UserRow;
    const parsed = v.safeParse(
      companyIdParam,
      req.method === 'POST' ? (req.body?.[key] ?? req.body?.companyId) : req.query[key],
    );
    const id = parsed.success ? parsed.output : user.company_id;
    const company = id !== null && id === user.company_id ? await store.company(id) : undefined;
    if (!company) throw forbidden();
    return company;
  };
  const redirectOf = (req: Request) => {
    const parsed = v.safeParse(redirectParam, req.method === 'POST' ? req.body?.redirectUrl : req.query.redirectUrl);
    return parsed.success ? parsed.output : undefined;
  };
  const forbidden = () => new ConsoleRefusal(403, '无权操作', '只能管理您所在企业的信息。');
  /**
   * Certified but without an administrator, the company still cannot order: the
   * administrator page comes next, with the same way back, so the visitor does
   * both in one visit and is sent back once, when both are done.
   */
  const administratorNext = (req: Request, companyId: number) => {
    const next = new URLSearchParams({ companyId: String(companyId) });
    const redirect = redirectOf(req);
    if (redirect) next.set('redirectUrl', redirect);
    return `/company/manager-setting?${next}`;
  };
  // The forms change the account: posted only from this console, by the signed-in user who was shown them.
  const forms = formGuard({
    cookieName: 'console_form',
    secret: backend.keys('console form'),
    path: '/company',
    bindTo: (fields, req) => `${req.cookies?.[SESSION_COOKIE] ?? ''}|${fields.companyId ?? ''}`,
    refuse: () => {
      throw new ConsoleRefusal(403, '无法提交', '表单已失效或来自其他网站，请重新打开此页后提交。');
    },
  });
  const formToken = (req: Request, res: Response, companyId: number) =>
    forms.token(req, res, { companyId: String(companyId) });

  router.get('/company/manager-setting', signedIn, async (req, res) => {
    const company = await ownCompany(req, res, 'companyId');
    if (company.adminUserId !== null) {
      return page(
        res,
        '企业管理员',
        doneBody(`企业管理员为 ${company.adminName}。`, allowedReturn(redirectOf(req)) ?? '/welcome'),
      );
    }
    const user = res.locals.user as UserRow;
    await page(
      res,
      '设置企业管理员',
      managerSettingBody({
        companyName: company.name,
        companyId: company.id,
        userName: user.name,
        certified: company.certified === 1,
        redirectUrl: redirectOf(req),
        later: allowedReturn(redirectOf(req)) ?? '/welcome',
        csrf: formToken(req, res, company.id),
      }),
    );
  });

  router.post('/company/manager-setting', signedIn, forms.check, async (req, res) => {
    const company = await ownCompany(req, res, 'companyId');
    await store.setAdministrator((res.locals.user as UserRow).id, company.id);
    const back = allowedReturn(redirectOf(req));
    if (back) return res.redirect(303, back);
    await page(res, '设置完成', doneBody('已将您设为企业管理员。', '/welcome'));
  });

  router.get('/company/enterprise', signedIn, async (req, res) => {
    const company = await ownCompany(req, res, 'companyid');
    if (company.certified === 1 && company.adminUserId === null)
      return res.redirect(303, administratorNext(req, company.id));
    if (company.certified === 1) {
      return page(
        res,
        '企业认证',
        doneBody(`企业「${company.name}」已完成认证。`, allowedReturn(redirectOf(req)) ?? '/welcome'),
      );
    }
    await page(
      res,
      '企业认证',
      enterpriseBody({
        companyName: company.name,
        companyId: company.id,
        administratorNext: company.adminUserId === null,
        redirectUrl: redirectOf(req),
        csrf: formToken(req, res, company.id),
      }),
    );
  });

  router.post('/company/enterprise', signedIn, forms.check, async (req, res) => {
    const company = await ownCompany(req, res, 'companyid');
    const name = String(req.body?.name ?? '').trim();
    const code = String(req.body?.creditCode ?? '')
      .trim()
      .toUpperCase();
    const legalPerson = String(req.body?.legalPerson ?? '').trim();
    const error =
      !name || name.length > 64
        ? '请填写企业名称（64 字以内）'
        : !creditCode.test(code)
          ? '统一社会信用代码应为 18 位数字或大写字母'
          : !legalPerson || legalPerson.length > 32
            ? '请填写法定代表人'
            : undefined;
    if (error) {
      return page(
        res,
        '企业认证',
        enterpriseBody({
          companyName: company.name,
          companyId: company.id,
          administratorNext: company.adminUserId === null,
          redirectUrl: redirectOf(req),
          error,
          values: { name, creditCode: code, legalPerson },
          csrf: formToken(req, res, company.id),
        }),
        400,
      );
    }
    await store.certify((res.locals.user as UserRow).id, company.id, { name, creditCode: code, legalPerson });
    if (company.adminUserId === null) return res.redirect(303, administratorNext(req, company.id));
    const back = allowedReturn(redirectOf(req));
    if (back) return res.redirect(303, back);
    await page(res, '认证完成', doneBody('企业认证已完成。', '/welcome'));
  });

  return router;
}
