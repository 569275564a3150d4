import express, { type Request, type Response, Router } from 'express';
import { ROLE_DUTIES, ROLE_NAMES, ROLES, type Role } from '../staff/roles';
import { newStaffForm, parseStaffForm, passwordResetForm, staffEditForm } from '../staff/schemas';
import type { StaffMember } from '../staff/staff-store';
import { formToken, type Studio, sendStudioMessage, sendStudioPage, sessionOf, signedIn } from './context';
import { Field, FormErrors, NewPasswordFields, Notice } from './studio-page';

const form = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 20 });
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What a page says after the change that led to it (`?done=`). */
const DONE: Record<string, string> = {
  created: '已添加员工。',
  updated: '已保存。',
  password: '已重设密码，此员工的所有登录已结束。',
  sessions: '已结束此员工的所有登录。',
};

const Roles = ({ roles }: { roles: readonly Role[] }) => (
  <span className="tags">
    {roles.map((role) => (
      <span className="tag" key={role}>
        {ROLE_NAMES[role]}
      </span>
    ))}
  </span>
);

function RoleChoice({ chosen, error }: { chosen: readonly string[]; error?: string }) {
  return (
    <fieldset aria-describedby={error ? 'roles-error' : undefined}>
      <legend>角色</legend>
      {ROLES.map((role) => (
        <label className="check" key={role}>
          <input type="checkbox" name="roles" value={role} defaultChecked={chosen.includes(role)} />
          {ROLE_NAMES[role]}（{ROLE_DUTIES[role]}）
        </label>
      ))}
      {error && (
        <p className="field-error" id="roles-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const chosenRoles = (value: unknown): string[] => (Array.isArray(value) ? value.map(text) : value ? [text(value)] : []);

/** The administrator's page of staff accounts: who has which roles, new members, passwords and sign-ins. */
export function staffAdminRoutes(studio: Studio): Router {
  const router = Router();
  const { store, audit } = studio;
  const admin = signedIn(studio, 'staff');

  const showList = async (
    req: Request,
    res: Response,
    values: Record<string, unknown> = {},
    errors: Record<string, string> = {},
    status = 200,
  ) => {
    const members = await store.list();
    const open = await Promise.all(members.map((member) => store.openSessions(member.id)));
    sendStudioPage(
      studio,
      req,
      res,
      {
        title: '员工',
        current: '/studio/staff',
        children: (
          <>
            <div className="card">
              <h1>员工</h1>
              <Notice text={DONE[text(req.query.done)]} />
              <table className="rows">
                <thead>
                  <tr>
                    <th scope="col">姓名</th>
                    <th scope="col">账号</th>
                    <th scope="col">角色</th>
                    <th scope="col">登录中</th>
                  </tr>
                </thead>
                <tbody>
                  {members.map((member, i) => (
                    <tr key={member.id}>
                      <td>
                        <a href={`/studio/staff/${member.id}`}>{member.name}</a>
                      </td>
                      <td data-label="账号" className="code">
                        {member.login}
                        {member.builtIn && '（内置客服）'}
                      </td>
                      <td data-label="角色">
                        <Roles roles={member.roles} />
                      </td>
                      <td data-label="登录中">{open[i]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="card">
              <h2 id="new-staff">添加员工</h2>
              <FormErrors errors={errors} />
              <form method="post" action="/studio/staff" aria-labelledby="new-staff" noValidate>
                <input type="hidden" name="csrf" value={formToken(studio, req, res)} />
                <Field
                  name="login"
                  label="账号"
                  value={text(values.login)}
                  error={errors.login}
                  maxLength={32}
                  autoComplete="off"
                  hint="2-32 位小写字母、数字或 ._-，登录时使用"
                />
                <Field
                  name="name"
                  label="姓名"
                  value={text(values.name)}
                  error={errors.name}
                  maxLength={40}
                  autoComplete="off"
                />
                <RoleChoice chosen={chosenRoles(values.roles)} error={errors.roles} />
                <NewPasswordFields errors={errors} label="初始密码" hint="至少 10 位；请当面或通过可靠渠道告知本人" />
                <button type="submit">添加</button>
              </form>
            </div>
          </>
        ),
      },
      status,
    );
  };

  router.get('/studio/staff', admin, (req, res) => showList(req, res));

  router.post('/studio/staff', admin, form, studio.auth.forms.check, async (req, res) => {
    const parsed = parseStaffForm(newStaffForm, req.body);
    if (parsed.errors) return showList(req, res, req.body, parsed.errors, 400);
    const created = await store.create(parsed.output);
    if (!created) return showList(req, res, req.body, { login: '此账号已被使用' }, 400);
    await audit.record(sessionOf(res).staff, 'staff-created', created.login, { roles: created.roles });
    res.redirect(303, '/studio/staff?done=created');
  });

  const memberOf = async (req: Request) => {
    const id = String(req.params.id ?? '');
    return /^[1-9]\d{0,9}$/.test(id) ? store.byId(Number(id)) : undefined;
  };
  const notFound = (req: Request, res: Response) =>
    sendStudioMessage(
      studio,
      req,
      res,
      { title: '没有这个员工', current: '/studio/staff', link: { href: '/studio/staff', label: '回到员工列表' } },
      404,
    );

  const showMember = async (
    req: Request,
    res: Response,
    member: StaffMember,
    state: {
      values?: Record<string, unknown>;
      errors?: Record<string, string>;
      passwordErrors?: Record<string, string>;
    } = {},
    status = 200,
  ) => {
    const errors = state.errors ?? {};
    const passwordErrors = state.passwordErrors ?? {};
    const csrf = formToken(studio, req, res);
    const open = await store.openSessions(member.id);
    const values = state.values ?? { name: member.name, roles: member.roles };
    sendStudioPage(
      studio,
      req,
      res,
      {
        title: member.name,
        current: '/studio/staff',
        children: (
          <>
            <p>
              <a href="/studio/staff">员工</a> / {member.name}
            </p>
            <div className="card">
              <h1>{member.name}</h1>
              <Notice text={DONE[text(req.query.done)]} />
              <p>
                账号 <span className="code">{member.login}</span>
                {member.builtIn && '（内置客服，用 CHAT_AGENT_PASSWORD 登录客服工作台）'}
              </p>
              <FormErrors errors={errors} />
              <form method="post" action={`/studio/staff/${member.id}`} noValidate>
                <input type="hidden" name="csrf" value={csrf} />
                <Field
                  name="name"
                  label="姓名"
                  value={text(values.name)}
                  error={errors.name}
                  maxLength={40}
                  autoComplete="off"
                />
                <RoleChoice chosen={chosenRoles(values.roles)} error={errors.roles} />
                <button type="submit">保存</button>
              </form>
            </div>
            {!member.builtIn && (
              <div className="card">
                <h2 id="reset">重设密码</h2>
                <p>重设后，此员工的所有登录都会结束，需用新密码重新登录。</p>
                <FormErrors errors={passwordErrors} />
                <form method="post" action={`/studio/staff/${member.id}/password`} aria-labelledby="reset" noValidate>
                  <input type="hidden" name="csrf" value={csrf} />
                  <NewPasswordFields errors={passwordErrors} />
                  <button type="submit">重设密码</button>
                </form>
              </div>
            )}
            <div className="card">
              <h2 id="sessions">登录</h2>
              <p>此员工当前有 {open} 个登录。结束后，所有设备上的登录都需要重新登录。</p>
              <form method="post" action={`/studio/staff/${member.id}/sessions`} aria-labelledby="sessions">
                <input type="hidden" name="csrf" value={csrf} />
                <button type="submit" className="danger" disabled={!open}>
                  结束所有登录
                </button>
              </form>
            </div>
          </>
        ),
      },
      status,
    );
  };

  router.get('/studio/staff/:id', admin, async (req, res) => {
    const member = await memberOf(req);
    if (!member) return notFound(req, res);
    await showMember(req, res, member);
  });

  router.post('/studio/staff/:id', admin, form, studio.auth.forms.check, async (req, res) => {
    const member = await memberOf(req);
    if (!member) return notFound(req, res);
    const parsed = parseStaffForm(staffEditForm, req.body);
    if (parsed.errors) return showMember(req, res, member, { values: req.body, errors: parsed.errors }, 400);
    // The site always keeps an administrator: the last one cannot give the role up.
    const losesAdministrator = member.roles.includes('administrator') && !parsed.output.roles.includes('administrator');
    if (losesAdministrator && (await store.administrators()) <= 1)
      return showMember(
        req,
        res,
        member,
        { values: req.body, errors: { roles: '这是唯一的管理员，不能去掉管理员角色' } },
        400,
      );
    await store.update(member.id, parsed.output);
    await audit.record(sessionOf(res).staff, 'staff-updated', member.login, {
      name: parsed.output.name !== member.name ? [member.name, parsed.output.name] : undefined,
      roles: [member.roles, parsed.output.roles],
    });
    res.redirect(303, `/studio/staff/${member.id}?done=updated`);
  });

  router.post('/studio/staff/:id/password', admin, form, studio.auth.forms.check, async (req, res) => {
    const member = await memberOf(req);
    if (!member || member.builtIn) return notFound(req, res);
    const parsed = parseStaffForm(passwordResetForm, req.body);
    if (parsed.errors) return showMember(req, res, member, { passwordErrors: parsed.errors }, 400);
    await store.setPassword(member.id, parsed.output.password);
    await audit.record(sessionOf(res).staff, 'password-reset', member.login);
    res.redirect(
      303,
      member.id === sessionOf(res).staff.id ? '/studio/login' : `/studio/staff/${member.id}?done=password`,
    );
  });

  router.post('/studio/staff/:id/sessions', admin, form, studio.auth.forms.check, async (req, res) => {
    const member = await memberOf(req);
    if (!member) return notFound(req, res);
    const ended = await store.endSessionsOf(member.id);
    await audit.record(sessionOf(res).staff, 'sessions-ended', member.login, { ended });
    res.redirect(
      303,
      member.id === sessionOf(res).staff.id ? '/studio/login' : `/studio/staff/${member.id}?done=sessions`,
    );
  });
  return router;
}
