import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Results, Row } from './results';

const COLUMNS = ['figure', 'value', 'target', 'limit → ratio', 'ok'] as const;
const cells = (row: Row) => [row.figure, row.value, row.target, row.limit, row.status];

/** Groups rows under their section, keeping the order they came in. */
function bySection(rows: Row[]): Array<[string, Row[]]> {
  const sections = new Map<string, Row[]>();
  for (const row of rows) sections.set(row.section, [...(sections.get(row.section) ?? []), row]);
  return [...sections];
}

/** Chinese characters take two columns in a terminal; padding by length would misalign them. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/g;
const widthOf = (text: string) => text.length + (text.match(WIDE)?.length ?? 0);
const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - widthOf(text)));

/** The one table, for a terminal: a section heading, then aligned columns. */
export function printTable(rows: Row[]): string {
  const widths = COLUMNS.map((title, i) => Math.max(widthOf(title), ...rows.map((row) => widthOf(cells(row)[i]!))));
  const line = (values: readonly string[]) =>
    values
      .map((value, i) => pad(value, widths[i]!))
      .join('  ')
      .trimEnd();
  const rule = '-'.repeat(widths.reduce((total, width) => total + width + 2, -2));
  const out = [line(COLUMNS), rule];
  for (const [section, own] of bySection(rows)) out.push('', `${section}`, ...own.map((row) => line(cells(row))));
  return out.join('\n');
}

export function summaryLine(results: Results): string {
  const { machine } = results;
  const commit = `${machine.commit}${machine.dirty ? ' (with uncommitted changes)' : ''}`;
  return `${machine.date.slice(0, 10)} · commit ${commit} · Node ${machine.node} · ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB · ${machine.chromium} · full run ${Math.round(results.durationSeconds)} s`;
}

const escapeCell = (text: string) => text.replaceAll('|', '\\|');

function markdownTable(rows: Row[]): string {
  const out = [`| ${COLUMNS.join(' | ')} |`, `|${COLUMNS.map(() => '---').join('|')}|`];
  for (const [section, own] of bySection(rows)) {
    out.push(`| **${escapeCell(section)}** | | | | |`);
    for (const row of own) out.push(`| ${cells(row).map(escapeCell).join(' | ')} |`);
  }
  return out.join('\n');
}

const START = '<!-- results:start -->';
const END = '<!-- results:end -->';

/**
 * Rewrites the generated part of BENCHMARKS.md (between the markers) and keeps
 * the hand-written part around it.
 */
export function writeBenchmarksMd(path: string, results: Results): void {
  const generated = [
    START,
    '<!-- Written by `npm run bench` (bench/report.ts); edits here are overwritten. -->',
    '',
    `Last run: ${summaryLine(results)}.`,
    '',
    `Sections: ${Object.entries(results.phases)
      .map(([name, seconds]) => `${name} ${Math.round(seconds)} s`)
      .join(' · ')}.`,
    '',
    ...(results.warnings.length ? ['Warnings:', '', ...results.warnings.map((warning) => `- ${warning}`), ''] : []),
    markdownTable(results.table),
    '',
    'Every figure, and every response behind the byte counts, is in `bench/results.json`.',
    END,
  ].join('\n');
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n';
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + generated + current.slice(end + END.length)
      : `${current.trimEnd()}\n\n## Latest results\n\n${generated}\n`;
  writeFileSync(path, next);
}

export function writeJson(path: string, results: Results): void {
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
}
