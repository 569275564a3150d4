import { sql } from 'kysely';
import { all, type Db, one } from '../db/query';

/** What the signed-in customer's portal calls read and write. */
export class CustomerStore {
  constructor(private readonly db: Db) {}

  company(id: number) {
    return one(
      this.db,
      sql<{ id: number; name: string; certified: 0 | 1; adminUserId: number | null }>`SELECT id, name, certified,
          admin_user_id AS "adminUserId" FROM companies WHERE id = ${id}`,
    );
  }

  /**
   * The companies the user may order for. A user belongs to one company here;
   * the list shape leaves room for more (SPEC §7 getCorrelationCompanyList).
   */
  async correlatedCompanies(companyId: number | null) {
    if (companyId === null) return [];
    const company = await this.company(companyId);
    if (!company) return [];
    return [
      {
        companyId: company.id,
        companyName: company.name,
        certified: company.certified === 1,
        hasAdministrator: company.adminUserId !== null,
      },
    ];
  }

  async hasAdministrator(companyId: number | null): Promise<boolean> {
    return companyId !== null && ((await this.company(companyId))?.adminUserId ?? null) !== null;
  }

  /** The version asked for of each agreement (published, not taken down: migration 20) the user has not confirmed. */
  pendingAgreements(userId: number) {
    return all(
      this.db,
      sql<{ code: string; templateVersion: string; title: string; content: string }>`SELECT a.code,
          a.template_version AS "templateVersion", a.title, a.content_html AS content
        FROM agreements a JOIN agreement_items i ON i.code = a.code AND i.version = a.template_version
        WHERE i.visible = 1
          AND NOT EXISTS (SELECT 1 FROM agreement_confirmations c
                          WHERE c.user_id = ${userId} AND c.code = a.code AND c.template_version = a.template_version)
        ORDER BY a.code`,
    );
  }

  /** Records a confirmation; false when no such agreement version exists. */
  async confirmAgreement(userId: number, code: string, version: string, now = new Date()): Promise<boolean> {
    const exists = await one(
      this.db,
      sql`SELECT 1 AS found FROM agreements WHERE code = ${code} AND template_version = ${version}`,
    );
    if (!exists) return false;
    await sql`INSERT INTO agreement_confirmations (user_id, code, template_version, confirmed_at)
      VALUES (${userId}, ${code}, ${version}, ${now.toISOString()}) ON CONFLICT DO NOTHING`.execute(this.db);
    return true;
  }
}
