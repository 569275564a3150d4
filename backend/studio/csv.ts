import type { Response } from 'express';

/**
 * CSV for spreadsheet programs (RFC 4180): UTF-8 with a byte-order mark, so
 * Excel shows the Chinese; CRLF line ends; a cell quoted when it holds a comma,
 * a quote or a line break. Visitors write what ends up in these cells, so a cell
 * a spreadsheet would take for a formula (= + - @, a tab or a CR first) starts
 * with an apostrophe instead: it shows as text and never runs.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const inert = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

export function csvTable(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** A file name in a header (RFC 5987 / 6266): every byte but the few plain ones percent-encoded. */
const encodeFileName = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Sends a table as a download: `name` is the Chinese file name browsers save it
 * under, `asciiName` the one older clients fall back to.
 */
export function sendCsv(res: Response, name: string, asciiName: string, csv: string): void {
  res
    .status(200)
    .setHeader('Content-Type', 'text/csv; charset=utf-8')
    .setHeader('Content-Disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeFileName(name)}`)
    .setHeader('Cache-Control', 'no-store')
    .send(Buffer.from(csv, 'utf8'));
}

/** A time as a spreadsheet reads it, in Beijing time: `2026-11-28 18:05:09`. */
const spreadsheetTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  dateStyle: 'short',
  timeStyle: 'medium',
});
export const csvTime = (iso: string | null) => (iso ? spreadsheetTime.format(new Date(iso)) : '');
