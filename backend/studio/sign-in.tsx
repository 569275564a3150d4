import express, { type Request, type Response, Router } from 'express';
import { HashingBusy } from '../accounts/passwords';
import { waitText } from '../http/throttle';
import { parseStaffForm, setupForm } from '../staff/schemas';
import { formToken, type Studio, sendStudioMessage, sendStudioPage, studioReturn } from './context';
import { Field, FormErrors, NewPasswordFields } from './studio-page';

const form = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 20 });
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Signing in and out of the studio, and the first administrator: the one-time
 * link printed at start, used once, while the site has no administrator.
 */
export function signInRoutes(studio: Studio): Router {
  const router = Router();
  const { store, audit, auth, signIns } = studio;

  const showSignIn = (
    req: Request,
    res: Response,
    fields: { login?: string; back?: string; error?: string },
    status = 200,
  ) =>
    sendStudioPage(
      studio,
      req,
      res,
      {
        title: '登录',
        narrow: true,
        children: (
          <div className="card">
            <h1>员工登录</h1>
            {fields.error && (
              <p className="error" role="alert">
                {fields.error}
              </p>
            )}
            <form method="post" action="/studio/login">
              <input type="hidden" name="csrf" value={formToken(studio, req, res)} />
              <input type="hidden" name="back" value={studioReturn(fields.back)} />
              <Field name="login" label="账号" value={fields.login} autoComplete="username" maxLength={32} />
              <Field name="password" label="密码" type="password" autoComplete="current-password" />
              <button type="submit">登录</button>
            </form>
          </div>
        ),
      },
      status,
    );

  router.get('/studio/login', async (req, res) => {
    if (await auth.session(req)) return res.redirect(303, studioReturn(req.query.back));
    showSignIn(req, res, { back: text(req.query.back) });
  });

  router.post('/studio/login', form, auth.forms.check, async (req, res) => {
    const login = text(req.body.login).trim().toLowerCase().slice(0, 32);
    const password = text(req.body.password);
    const again = (error: string, status: number) =>
      showSignIn(req, res, { login, back: req.body.back, error }, status);
    // Nothing typed is no guess: not counted.
    if (!login || !password) return again('请填写账号和密码。', 400);
    const attempt = { address: req.ip ?? '', account: `staff:${login}` };
    const waitS = await signIns.check(attempt);
    if (waitS !== undefined) {
      res.setHeader('Retry-After', String(waitS));
      return again(`尝试次数过多，请 ${waitText(waitS)}后再试。`, 429);
    }
    let member: Awaited<ReturnType<typeof store.check>>;
    try {
      member = await store.check(login, password);
    } catch (error) {
      if (!(error instanceof HashingBusy)) throw error;
      res.setHeader('Retry-After', '5');
      return again('登录的人较多，请稍后再试。', 503);
    }
    if (!member) {
      await signIns.failed(attempt);
      return again('账号或密码不正确。', 401);
    }
    await signIns.succeeded(attempt);
    await auth.signIn(req, res, member.id);
    await audit.record(member, 'sign-in');
    res.redirect(303, studioReturn(req.body.back));
  });

  router.post('/studio/logout', form, auth.forms.check, async (req, res) => {
    const ended = await auth.signOut(req, res);
    if (ended) await audit.record(ended.staff, 'sign-out');
    res.redirect(303, '/studio/login');
  });
  // The forms' own addresses, opened after a refusal drew the form there.
  router.get('/studio/logout', (_req, res) => res.redirect(303, '/studio'));

  const showSetup = (
    req: Request,
    res: Response,
    code: string,
    values: Record<string, string> = {},
    errors: Record<string, string> = {},
    status = 200,
  ) =>
    sendStudioPage(
      studio,
      req,
      res,
      {
        title: '设置首个管理员',
        narrow: true,
        children: (
          <div className="card">
            <h1>设置首个管理员</h1>
            <p>此链接只能使用一次。管理员可在工作室中添加其他员工并分配角色。</p>
            <FormErrors errors={errors} />
            <form method="post" action="/studio/setup" noValidate>
              <input type="hidden" name="csrf" value={formToken(studio, req, res)} />
              <input type="hidden" name="code" value={code} />
              <Field
                name="login"
                label="账号"
                value={values.login}
                error={errors.login}
                autoComplete="username"
                maxLength={32}
                hint="2-32 位小写字母、数字或 ._-"
              />
              <Field
                name="name"
                label="姓名"
                value={values.name}
                error={errors.name}
                autoComplete="name"
                maxLength={40}
              />
              <NewPasswordFields errors={errors} label="密码" />
              <button type="submit">创建管理员并登录</button>
            </form>
          </div>
        ),
      },
      status,
    );

  /** Why the link cannot be used, if it cannot. */
  const setupRefusal = async (code: unknown) => {
    if (await store.administrators()) return '已经设置了管理员。请用管理员账号登录，由管理员添加其他员工。';
    if (!(await store.setupCodeValid(code))) return '此链接无效或已过期。重新启动服务后，日志中会打印新的设置链接。';
  };
  const refuseSetup = (req: Request, res: Response, message: string) =>
    sendStudioMessage(
      studio,
      req,
      res,
      {
        title: '设置首个管理员',
        heading: '无法设置管理员',
        text: message,
        link: { href: '/studio/login', label: '去登录' },
        narrow: true,
      },
      403,
    );

  router.get('/studio/setup', async (req, res) => {
    const refusal = await setupRefusal(req.query.code);
    if (refusal) return refuseSetup(req, res, refusal);
    showSetup(req, res, text(req.query.code));
  });

  router.post('/studio/setup', form, auth.forms.check, async (req, res) => {
    const code = text(req.body.code);
    const refusal = await setupRefusal(code);
    if (refusal) return refuseSetup(req, res, refusal);
    const parsed = parseStaffForm(setupForm, req.body);
    const values = { login: text(req.body.login), name: text(req.body.name) };
    if (parsed.errors) return showSetup(req, res, code, values, parsed.errors, 400);
    if (await store.byLogin(parsed.output.login))
      return showSetup(req, res, code, values, { login: '此账号已被使用' }, 400);
    if (!(await store.takeSetupCode(code))) return refuseSetup(req, res, '此链接已被使用。');
    const admin = await store.create({ ...parsed.output, roles: ['administrator'] });
    if (!admin) return refuseSetup(req, res, '此账号已被使用，请重新启动服务获取新的链接。');
    await audit.record(admin, 'first-administrator', admin.login, { from: 'setup link' });
    await auth.signIn(req, res, admin.id);
    res.redirect(303, '/studio');
  });
  return router;
}
