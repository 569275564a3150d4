import { sql } from 'kysely';
import { type Db, one, run } from '../db/query';

/** The few account changes the local console makes. */
export class ConsoleStore {
  constructor(private readonly db: Db) {}

  company(id: number) {
    return one(
      this.db,
      sql<{
        id: number;
        name: string;
        certified: 0 | 1;
        adminUserId: number | null;
        adminName: string | null;
      }>`SELECT c.id, c.name, c.certified, c.admin_user_id AS "adminUserId", u.name AS "adminName"
        FROM companies c LEFT JOIN users u ON u.id = c.admin_user_id WHERE c.id = ${id}`,
    );
  }

  /** Makes the user the administrator of their own company, if it has none yet. */
  async setAdministrator(userId: number, companyId: number): Promise<boolean> {
    const changed = await run(
      this.db,
      sql`UPDATE companies SET admin_user_id = ${userId}
        WHERE id = ${companyId} AND admin_user_id IS NULL
          AND EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND company_id = companies.id)`,
    );
    return changed === 1;
  }

  /** Certifies the user's own company with the details they entered. */
  async certify(
    userId: number,
    companyId: number,
    details: { name: string; creditCode: string; legalPerson: string },
  ): Promise<boolean> {
    const changed = await run(
      this.db,
      sql`UPDATE companies SET certified = 1, name = ${details.name}, credit_code = ${details.creditCode},
          legal_person = ${details.legalPerson}, certified_at = ${new Date().toISOString()}
        WHERE id = ${companyId} AND EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND company_id = companies.id)`,
    );
    return changed === 1;
  }
}
