import type { Db } from '../db/connection';

/** What the signed-in customer's portal calls read and write. */
export class CustomerStore {
  constructor(private readonly db: Db) {}

  company(id: number) {
    return this.db
      .prepare('SELECT id, name, certified, admin_user_id AS adminUserId FROM companies WHERE id = ?')
      .get(id) as { id: number; name: string; certified: 0 | 1; adminUserId: number | null } | undefined;
  }

  /**
   * The companies the user may order for. A user belongs to one company here;
   * the list shape leaves room for more (SPEC §7 getCorrelationCompanyList).
   */
  correlatedCompanies(companyId: number | null) {
    if (companyId === null) return [];
    const company = this.company(companyId);
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

  hasAdministrator(companyId: number | null): boolean {
    return companyId !== null && (this.company(companyId)?.adminUserId ?? null) !== null;
  }

  /** The newest version of each agreement the user has not confirmed. */
  pendingAgreements(userId: number) {
    return this.db
      .prepare(
        `SELECT a.code, a.template_version AS templateVersion, a.title, a.content_html AS content
         FROM agreements a
         WHERE a.template_version = (SELECT max(template_version) FROM agreements b WHERE b.code = a.code)
           AND NOT EXISTS (SELECT 1 FROM agreement_confirmations c
                           WHERE c.user_id = ? AND c.code = a.code AND c.template_version = a.template_version)
         ORDER BY a.code`,
      )
      .all(userId) as Array<{ code: string; templateVersion: string; title: string; content: string }>;
  }

  /** Records a confirmation; false when no such agreement version exists. */
  confirmAgreement(userId: number, code: string, version: string, now = new Date()): boolean {
    const exists = this.db
      .prepare('SELECT 1 FROM agreements WHERE code = ? AND template_version = ?')
      .get(code, version);
    if (!exists) return false;
    this.db
      .prepare(
        `INSERT INTO agreement_confirmations (user_id, code, template_version, confirmed_at) VALUES (?, ?, ?, ?)
         ON CONFLICT DO NOTHING`,
      )
      .run(userId, code, version, now.toISOString());
    return true;
  }
}
