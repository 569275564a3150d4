import express, { type Request, type Response, Router } from 'express';
import { ROLE_NAMES } from '../staff/roles';
import { ownPasswordForm, parseStaffForm } from '../staff/schemas';
import { formToken, type Studio, sendStudioPage, sessionOf, signedIn } from './context';
import { Field, FormErrors, NewPasswordFields } from './studio-page';

const form = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 20 });

/** A member's own account: who they are, their roles, and their password. */
export function ownAccountRoutes(studio: Studio): Router {
  const router = Router();
  const member = signedIn(studio);

  const show = (req: Request, res: Response, errors: Record<string, string> = {}, status = 200) => {
    const { staff } = sessionOf(res);
    sendStudioPage(
      studio,
      req,
      res,
      {
        title: '我的账号',
        current: '/studio/account',
        children: (
          <div className="card">
            <h1>我的账号</h1>
            <p>
              {staff.name}（<span className="code">{staff.login}</span>）：
              {staff.roles.map((role) => ROLE_NAMES[role]).join('、')}
            </p>
            {staff.builtIn ? (
              <p>内置客服的密码由服务的 CHAT_AGENT_PASSWORD 设置决定。</p>
            ) : (
              <>
                <h2 id="password">修改密码</h2>
                <p>修改后，你在其他设备上的登录都会结束。</p>
                <FormErrors errors={errors} />
                <form method="post" action="/studio/account/password" aria-labelledby="password" noValidate>
                  <input type="hidden" name="csrf" value={formToken(studio, req, res)} />
                  <Field
                    name="current"
                    label="当前密码"
                    type="password"
                    error={errors.current}
                    autoComplete="current-password"
                  />
                  <NewPasswordFields errors={errors} />
                  <button type="submit">修改密码</button>
                </form>
              </>
            )}
          </div>
        ),
      },
      status,
    );
  };

  router.get('/studio/account', member, (req, res) => show(req, res));

  router.post('/studio/account/password', member, form, studio.auth.forms.check, async (req, res) => {
    const { staff } = sessionOf(res);
    if (staff.builtIn) return show(req, res, { '': '内置客服的密码不能在这里修改。' }, 400);
    const parsed = parseStaffForm(ownPasswordForm, req.body);
    if (parsed.errors) return show(req, res, parsed.errors, 400);
    if (!(await studio.store.hasPassword(staff.id, parsed.output.current)))
      return show(req, res, { current: '当前密码不正确' }, 400);
    // Every session ends with the old password; this one goes on with a new one.
    await studio.store.setPassword(staff.id, parsed.output.password);
    await studio.auth.signIn(req, res, staff.id);
    await studio.audit.record(staff, 'password-changed', staff.login);
    res.redirect(303, '/studio');
  });
  return router;
}
