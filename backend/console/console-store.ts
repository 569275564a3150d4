import type { Db } from '../db/connection';

/** The few account changes the local console makes. */
export class ConsoleStore {
  constructor(private readonly db: Db) {}

  company(id: number) {
    return this.db
      .prepare(
        `SELECT c.id, c.name, c.certified, c.admin_user_id AS adminUserId, u.name AS adminName
         FROM companies c LEFT JOIN users u ON u.id = c.admin_user_id WHERE c.id = ?`,
      )
      .get(id) as
      | { id: number; name: string; certified: 0 | 1; adminUserId: number | null; adminName: string | null }
      | undefined;
  }

  /** Makes the user the administrator of their own company, if it has none yet. */
  setAdministrator(userId: number, companyId: number): boolean {
    const result = this.db
      .prepare(
        `UPDATE companies SET admin_user_id = ?
         WHERE id = ? AND admin_user_id IS NULL AND EXISTS (SELECT 1 FROM users WHERE id = ? AND company_id = companies.id)`,
      )
      .run(userId, companyId, userId);
    return result.changes === 1;
  }

  /** Certifies the user's own company with the details they entered. */
  certify(
    userId: number,
    companyId: number,
    details: { name: string; creditCode: string; legalPerson: string },
  ): boolean {
    {
      const result = this.db
        .prepare(
          `UPDATE companies SET certified = 1, name = ?, credit_code = ?, legal_person = ?,
                  certified_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
           WHERE id = ? AND EXISTS (SELECT 1 FROM users WHERE id = ? AND company_id = companies.id)`,
        )
        .run(details.name, details.creditCode, details.legalPerson, companyId, userId);
      return result.changes === 1;
    }
  }
}
