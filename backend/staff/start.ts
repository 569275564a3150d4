import type { AuditLog } from './audit';
import { BUILT_IN_AGENT_LOGIN, type StaffStore } from './staff-store';

export interface StaffSettings {
  /** STUDIO_ADMIN_LOGIN and STUDIO_ADMIN_PASSWORD: an administrator made at start when that login does not exist yet. */
  admin?: { login: string; password: string };
  /** CHAT_AGENT_PASSWORD: the built-in agent's password (it signs in at the agent inbox). */
  agentPassword?: string;
}

/**
 * Brings the staff in line with the settings at start: the configured
 * administrator made once (later changes in the studio are kept), the built-in
 * agent given the configured password (a new one signs its sessions out).
 * Without any administrator, a one-time code for the first one, for the start
 * log to print.
 */
export async function prepareStaff(
  store: StaffStore,
  audit: AuditLog,
  settings: StaffSettings,
): Promise<{ setupCode?: string }> {
  if (settings.admin && !(await store.byLogin(settings.admin.login))) {
    const admin = await store.create({ ...settings.admin, name: '管理员', roles: ['administrator'] });
    if (admin) await audit.record(undefined, 'first-administrator', admin.login, { from: 'STUDIO_ADMIN_PASSWORD' });
  }
  if (settings.agentPassword) {
    const agent = await store.byLogin(BUILT_IN_AGENT_LOGIN);
    if (!agent)
      await store.create({
        login: BUILT_IN_AGENT_LOGIN,
        name: '客服',
        roles: ['agent'],
        password: settings.agentPassword,
        builtIn: true,
      });
    else if (!(await store.hasPassword(agent.id, settings.agentPassword)))
      await store.setPassword(agent.id, settings.agentPassword);
  }
  return (await store.administrators()) ? {} : { setupCode: await store.newSetupCode() };
}
