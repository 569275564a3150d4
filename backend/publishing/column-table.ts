import { sql } from 'kysely';
import { all, type Db, one, run } from '../db/query';
import type { ContentTable, StoredItem } from './content-kind';

/** How a kind kept one field a column is stored: its table, each field's column, and what it may do. */
export interface ColumnSpec<T> {
  table: string;
  /** Each field's column. */
  columns: Record<keyof T & string, string>;
  /** The fields kept as numbers (the rest are text). */
  numbers?: ReadonlyArray<keyof T & string>;
  /** The list's order, as SQL (fixed by the code, never by input). */
  order: string;
  /** Whether new rows are placed after the others (`sort`). */
  sorted?: boolean;
  /** Whether new rows are numbered here (the table's ids are not the database's own). */
  numbered?: boolean;
  /** Whether the studio may add items and take them down (default both). */
  creates?: boolean;
  hides?: boolean;
}

/**
 * A kind kept in one table, a column per field and a `visible` column: the
 * site's small kinds (categories, help, information, sections, films, links).
 * Every name in the SQL is the spec's (code), every value a bound parameter.
 */
export function columnTable<T>(db: Db, spec: ColumnSpec<T>): ContentTable<T> {
  const fields = Object.keys(spec.columns) as Array<keyof T & string>;
  const table = sql.table(spec.table);
  const select = sql.join([
    sql`id`,
    sql`visible`,
    ...fields.map((field) => sql`${sql.ref(spec.columns[field])} AS ${sql.ref(field)}`),
  ]);
  const toItem = (row: Record<string, unknown>): StoredItem<T> => {
    const item: Record<string, unknown> = { ...row, id: Number(row.id), visible: Number(row.visible) === 1 };
    for (const field of spec.numbers ?? []) item[field] = Number(row[field]);
    return item as StoredItem<T>;
  };
  const values = (data: T) => fields.map((field) => data[field] as unknown);
  const columns = fields.map((field) => sql.ref(spec.columns[field]));
  const contentTable: ContentTable<T> = {
    async all() {
      return (
        await all(db, sql<Record<string, unknown>>`SELECT ${select} FROM ${table} ORDER BY ${sql.raw(spec.order)}`)
      ).map(toItem);
    },
    async byId(id) {
      const row = await one(db, sql<Record<string, unknown>>`SELECT ${select} FROM ${table} WHERE id = ${id}`);
      return row && toItem(row);
    },
    async publish(id, data) {
      const set = sql.join(fields.map((field) => sql`${sql.ref(spec.columns[field])} = ${data[field] as unknown}`));
      await run(db, sql`UPDATE ${table} SET ${set}, visible = 1 WHERE id = ${id}`);
    },
  };
  if (spec.creates !== false)
    contentTable.create = async (data) => {
      const extra = [
        ...(spec.numbered ? [[sql`id`, sql`(SELECT coalesce(max(id), 0) + 1 FROM ${table})`]] : []),
        ...(spec.sorted ? [[sql`sort`, sql`(SELECT coalesce(max(sort), 0) + 1 FROM ${table})`]] : []),
      ];
      const row = await one(
        db,
        sql<{
          id: number;
        }>`INSERT INTO ${table} (${sql.join([...columns, ...extra.map(([column]) => column), sql`visible`])})
          VALUES (${sql.join([...values(data).map((value) => sql`${value}`), ...extra.map(([, value]) => value), sql`0`])})
          RETURNING id`,
      );
      return Number(row?.id);
    };
  if (spec.hides !== false)
    contentTable.hide = async (id) => {
      await run(db, sql`UPDATE ${table} SET visible = 0 WHERE id = ${id}`);
    };
  return contentTable;
}

/** Every item's latest data (its draft, else as kept), the hidden ones too: what a list previews. */
export async function latestOfAll<T>(
  table: ContentTable<T>,
  latest: (id: number) => Promise<T | undefined>,
): Promise<Array<T & { id: number }>> {
  const rows = await table.all();
  const items = await Promise.all(rows.map(async (row) => ({ ...((await latest(row.id)) ?? row), id: row.id })));
  return items;
}
