/** Markdown tables as the generated documents write them: one row a line, cells between pipes. */

/** One row of a markdown table: its cells, trimmed, pipes still escaped. */
export type Row = string[];

/** A table's body as the generator writes it, given the rows the document holds now (for hand-written columns). */
export interface TableSource {
  render(current: Row[]): string;
}

/** Splits a table line on its unescaped pipes (`a \| b` stays one cell). */
export function cellsOf(line: string): Row {
  const cells: string[] = [];
  let cell = '';
  const body = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\' && body[i + 1] === '|') {
      cell += '\\|';
      i++;
    } else if (body[i] === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += body[i];
  }
  cells.push(cell.trim());
  return cells;
}

/** The body rows of the table in a block (not its header or the separator). */
export function rowsOf(block: string): Row[] {
  const lines = block.split('\n').filter((line) => line.trim().startsWith('|'));
  return lines.slice(2).map(cellsOf);
}

export const tableOf = (header: string[], rows: Row[]) =>
  [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');

/** A value as a table cell: in code quotes, with its pipes escaped. */
export const code = (value: unknown) => `\`${String(value).replaceAll('|', '\\|')}\``;

/** The hand-written cell `column` of each row, by the row's first cell. */
export const handWritten = (rows: Row[], column: number) =>
  new Map(rows.map((row) => [row[0] ?? '', row[column] ?? '']));

/**
 * The keys in the document's order, then the ones only the code has, in its
 * order: a hand-ordered table stays as it was written, and a new key is seen.
 * Keys the code no longer has are dropped.
 */
export function documentOrder(current: Row[], keys: string[]): string[] {
  const known = new Set(keys);
  const kept = current.map((row) => row[0] ?? '').filter((key) => known.has(key));
  return [...new Set([...kept, ...keys])];
}
