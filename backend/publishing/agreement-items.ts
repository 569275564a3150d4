import { sql } from 'kysely';
import type { AgreementEdit } from '../../contract/catalogue-edits';
import { all, type Db, one, run } from '../db/query';
import type { ContentTable, KindOfContent, StoredItem } from './content-kind';

export type AgreementRow = StoredItem<AgreementEdit>;

type Row = Omit<AgreementRow, 'visible'> & { visible: number };
const toRow = (row: Row): AgreementRow => ({ ...row, id: Number(row.id), visible: Number(row.visible) === 1 });

const SELECT = sql`SELECT i.id, i.code, i.version AS "templateVersion", a.title, a.content_html AS "contentHtml", i.visible
  FROM agreement_items i JOIN agreements a ON a.code = i.code AND a.template_version = i.version`;

/**
 * The agreements signed-in customers confirm, one item per code. Every version
 * published is kept (`agreements`); the item names the one customers are asked
 * for. Publishing a new version makes everyone who confirmed an older one
 * confirm it; publishing the same version again corrects its text without
 * asking anyone again; restoring an older revision asks for that version once
 * more. Taking an agreement down stops asking for it.
 */
export class AgreementItems implements ContentTable<AgreementEdit> {
  constructor(private readonly db: Db) {}

  async all(): Promise<AgreementRow[]> {
    return (await all<Row>(this.db, sql`${SELECT} ORDER BY i.code`)).map(toRow);
  }

  async byId(id: number): Promise<AgreementRow | undefined> {
    const row = await one<Row>(this.db, sql`${SELECT} WHERE i.id = ${id}`);
    return row && toRow(row);
  }

  /**
   * A new agreement, not yet asked for; its id. A code that exists is that
   * agreement: what was typed becomes the draft of its next version.
   */
  async create(data: AgreementEdit): Promise<number> {
    const existing = await one<{ id: number }>(this.db, sql`SELECT id FROM agreement_items WHERE code = ${data.code}`);
    if (existing) return Number(existing.id);
    return this.db.transaction().execute(async (trx) => {
      await writeVersion(trx, data.code, data);
      const row = await one<{ id: number }>(
        trx,
        sql`INSERT INTO agreement_items (code, version, visible) VALUES (${data.code}, ${data.templateVersion}, 0)
          RETURNING id`,
      );
      return Number(row?.id);
    });
  }

  /** Writes the version (its code stays the agreement's) and asks customers for it. */
  async publish(id: number, data: AgreementEdit): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const item = await one<{ code: string }>(trx, sql`SELECT code FROM agreement_items WHERE id = ${id}`);
      if (!item) return;
      await writeVersion(trx, item.code, data);
      await run(trx, sql`UPDATE agreement_items SET version = ${data.templateVersion}, visible = 1 WHERE id = ${id}`);
    });
  }

  async hide(id: number): Promise<void> {
    await run(this.db, sql`UPDATE agreement_items SET visible = 0 WHERE id = ${id}`);
  }
}

async function writeVersion(db: Db, code: string, data: AgreementEdit): Promise<void> {
  await run(
    db,
    sql`INSERT INTO agreements (code, template_version, title, content_html)
      VALUES (${code}, ${data.templateVersion}, ${data.title}, ${data.contentHtml})
      ON CONFLICT (code, template_version) DO UPDATE SET title = excluded.title, content_html = excluded.content_html`,
  );
}

/** Agreements as publishing knows them: no public page (customers see them in the dialog after sign-in). */
export const agreementContent = (items: AgreementItems): KindOfContent<AgreementEdit> => ({
  kind: 'agreement',
  table: items,
  editOf: ({ code, templateVersion, title, contentHtml }) => ({ code, templateVersion, title, contentHtml }),
  title: (data) => `${data.title}（${data.templateVersion}）`,
  paths: () => [],
  preview: () => ({}),
});
