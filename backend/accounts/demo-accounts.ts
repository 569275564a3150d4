import type { Db } from '../db/query';
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
export async function insertDemoAccounts(
  db: Db,
  agreements: Array<{ code: string; templateVersion: string }>,
): Promise<void> {
  for (const user of DEMO_USERS) {
    await db
      .insertInto('companies')
      .values({ id: user.company.id, name: user.company.name, certified: user.company.certified ? 1 : 0 })
      .execute();
    const { id } = await db
      .insertInto('users')
      .values({
        username: user.username,
        password_hash: hashPassword(DEMO_PASSWORD),
        name: user.name,
        head_img: `/media/avatar/${user.username}.svg`,
        mobile: user.mobile,
        company_id: user.company.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (user.company.userIsAdmin)
      await db.updateTable('companies').set({ admin_user_id: id }).where('id', '=', user.company.id).execute();
    if (user.confirmedAgreements && agreements.length)
      await db
        .insertInto('agreement_confirmations')
        .values(
          agreements.map((agreement) => ({
            user_id: id,
            code: agreement.code,
            template_version: agreement.templateVersion,
            confirmed_at: '2026-01-01T00:00:00Z',
          })),
        )
        .execute();
  }
}
