import * as v from 'valibot';

/**
 * What a staff member may do comes from their roles (one or more). An editor
 * writes drafts; a publisher writes and publishes them, and looks after the
 * orders and the feedback (the site's business, next to its content); an agent
 * answers the chat and handles feedback (both are the visitors' words); an
 * administrator looks after the staff and the settings, and may do everything
 * the others may.
 */
export const ROLES = ['editor', 'publisher', 'agent', 'administrator'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_NAMES: Readonly<Record<Role, string>> = {
  editor: '编辑',
  publisher: '发布人',
  agent: '客服',
  administrator: '管理员',
};

export const ROLE_DUTIES: Readonly<Record<Role, string>> = {
  editor: '撰写和修改草稿',
  publisher: '撰写草稿，发布和撤下内容，处理订单和反馈',
  agent: '在客服工作台回复访客，处理反馈',
  administrator: '管理员工账号和设置，可做以上全部',
};

/** What a page or an action asks of its staff member. */
export type Permission = 'draft' | 'publish' | 'chat' | 'staff' | 'orders' | 'feedback';

const GRANTS: Readonly<Record<Role, readonly Permission[]>> = {
  editor: ['draft'],
  publisher: ['draft', 'publish', 'orders', 'feedback'],
  agent: ['chat', 'feedback'],
  administrator: ['draft', 'publish', 'chat', 'staff', 'orders', 'feedback'],
};

export const may = (roles: readonly Role[], permission: Permission) =>
  roles.some((role) => GRANTS[role].includes(permission));

export const roleSchema = v.picklist(ROLES, '请选择有效的角色');

/** Roles as the database keeps them: `editor,publisher`; an unknown word (from an older or newer version) is dropped. */
export const rolesFromText = (text: string): Role[] =>
  text.split(',').filter((word): word is Role => (ROLES as readonly string[]).includes(word));

export const rolesToText = (roles: readonly Role[]) => ROLES.filter((role) => roles.includes(role)).join(',');
