import type { Db } from '../db/connection';
import { hashPassword } from './passwords';

/** Every demo account's password (shown on the `local` sign-in page). */
export const DEMO_PASSWORD = 'Demo@2026';

interface DemoCompany {
  id: number;
  name: string;
  certified: boolean;
  /** Whether the demo user is the company's administrator. */
  userIsAdmin: boolean;
}

interface DemoUser {
  username: string;
  name: string;
  mobile: string;
  description: string;
  company: DemoCompany;
  /** Agreements this user has already confirmed (the others stay pending). */
  confirmedAgreements: boolean;
}

/** The seeded accounts, one per situation a customer can be in (issue #4). */
export const DEMO_USERS: DemoUser[] = [
  {
    username: 'demo',
    name: '张明',
    mobile: '13800001001',
    description: '已认证企业，已设置管理员，可以下单',
    company: { id: 1001, name: '苏州云启智能装备有限公司', certified: true, userIsAdmin: true },
    confirmedAgreements: true,
  },
  {
    username: 'uncertified',
    name: '李华',
    mobile: '13800001002',
    description: '企业尚未完成认证',
    company: { id: 1002, name: '江苏恒源新材料有限公司', certified: false, userIsAdmin: false },
    confirmedAgreements: true,
  },
  {
    username: 'noadmin',
    name: '王磊',
    mobile: '13800001003',
    description: '已认证企业，但尚未设置管理员',
    company: { id: 1003, name: '无锡锐达电子科技有限公司', certified: true, userIsAdmin: false },
    confirmedAgreements: true,
  },
  {
    username: 'newterms',
    name: '陈静',
    mobile: '13800001004',
    description: '已认证企业，有两份待确认的协议',
    company: { id: 1004, name: '常州新能动力电池有限公司', certified: true, userIsAdmin: true },
    confirmedAgreements: false,
  },
];

/** Inserts the demo companies and users; called by the seed migration. */
export function insertDemoAccounts(db: Db, agreements: Array<{ code: string; templateVersion: string }>): void {
  const addCompany = db.prepare('INSERT INTO companies (id, name, certified) VALUES (?, ?, ?)');
  const addUser = db.prepare(
    'INSERT INTO users (username, password_hash, name, head_img, mobile, company_id) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const setAdmin = db.prepare('UPDATE companies SET admin_user_id = ? WHERE id = ?');
  const confirm = db.prepare(
    'INSERT INTO agreement_confirmations (user_id, code, template_version, confirmed_at) VALUES (?, ?, ?, ?)',
  );
  for (const user of DEMO_USERS) {
    addCompany.run(user.company.id, user.company.name, user.company.certified ? 1 : 0);
    const { lastInsertRowid } = addUser.run(
      user.username,
      hashPassword(DEMO_PASSWORD),
      user.name,
      `/media/avatar/${user.username}.svg`,
      user.mobile,
      user.company.id,
    );
    if (user.company.userIsAdmin) setAdmin.run(lastInsertRowid, user.company.id);
    if (user.confirmedAgreements) {
      for (const agreement of agreements)
        confirm.run(lastInsertRowid, agreement.code, agreement.templateVersion, '2026-01-01T00:00:00Z');
    }
  }
}
