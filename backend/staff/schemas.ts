import * as v from 'valibot';
import { roleSchema } from './roles';
import { BUILT_IN_AGENT_LOGIN } from './staff-store';

/** Staff passwords: long enough to resist guessing, short enough to hash without harm. */
export const STAFF_PASSWORD_MIN = 10;
const STAFF_PASSWORD_MAX = 200;

export const staffLogin = v.pipe(
  v.string('请填写账号'),
  v.trim(),
  v.toLowerCase(),
  v.regex(/^[a-z0-9][a-z0-9._-]{1,31}$/, '账号为 2-32 位小写字母、数字或 ._-，以字母或数字开头'),
  v.check((login) => login !== BUILT_IN_AGENT_LOGIN, `账号 ${BUILT_IN_AGENT_LOGIN} 留给内置客服`),
);

export const staffName = v.pipe(
  v.string('请填写姓名'),
  v.trim(),
  v.minLength(1, '请填写姓名'),
  v.maxLength(40, '姓名不能超过 40 个字'),
  v.regex(/^[^\p{Cc}\p{Cf}<>]*$/u, '姓名不能含有控制字符或尖括号'),
);

export const staffPassword = v.pipe(
  v.string('请填写密码'),
  v.minLength(STAFF_PASSWORD_MIN, `密码至少 ${STAFF_PASSWORD_MIN} 位`),
  v.maxLength(STAFF_PASSWORD_MAX, `密码不能超过 ${STAFF_PASSWORD_MAX} 位`),
);

/** A form's checkboxes: none, one (a string) or several (an array). */
export const staffRoles = v.pipe(
  v.optional(v.union([v.array(roleSchema), roleSchema], '请选择有效的角色'), () => []),
  v.transform((roles) => (Array.isArray(roles) ? [...new Set(roles)] : [roles])),
  v.minLength(1, '请至少选择一个角色'),
);

/** A new password typed twice (the two compared by `parseStaffForm`). */
const passwordTwice = {
  password: staffPassword,
  confirm: v.string('请再次输入密码'),
};

export const newStaffForm = v.object({ login: staffLogin, name: staffName, roles: staffRoles, ...passwordTwice });
export const setupForm = v.object({ login: staffLogin, name: staffName, ...passwordTwice });
export const staffEditForm = v.object({ name: staffName, roles: staffRoles });
export const passwordResetForm = v.object(passwordTwice);
export const ownPasswordForm = v.object({ current: v.string('请填写当前密码'), ...passwordTwice });

/**
 * A posted form checked against its schema: its value, or its messages by
 * field (the first for each), with a new password's two copies compared.
 */
export function parseStaffForm<TSchema extends v.GenericSchema>(
  schema: TSchema,
  body: unknown,
): { output: v.InferOutput<TSchema>; errors?: undefined } | { output?: undefined; errors: Record<string, string> } {
  const parsed = v.safeParse(schema, body);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.issues) errors[v.getDotPath(issue) ?? ''] ??= issue.message;
  const typed = body as { password?: unknown; confirm?: unknown } | undefined;
  if (typed && 'confirm' in typed && typed.password !== typed.confirm) errors.confirm ??= '两次输入的密码不一致';
  return parsed.success && !Object.keys(errors).length ? { output: parsed.output } : { errors };
}
