import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What an element's folder uses, for checking it against its reference: the
 * events it emits, the parts it marks, the custom properties its CSS reads.
 */
export interface ElementUsage {
  /** Every `portal-*` event name emitted in the widget's folder. */
  emitted: string[];
  /** Every literal `part="..."` name in the widget's components. */
  partsUsed: string[];
  /** Every `var(--portal-…)` in the element's CSS: its folder's and what its code imports from elsewhere. */
  cssPropertiesUsed: string[];
}

function folderSources(folder: string, extension: RegExp): string {
  return readdirSync(folder)
    .filter((file) => extension.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => readFileSync(join(folder, file), 'utf8'))
    .join('\n');
}

/** The custom properties of `--portal-…` a stylesheet reads with `var()`. */
const PORTAL_VAR = /var\(\s*(--portal-[\w-]+)/g;

/** The element's stylesheets: its folder's, then those its code imports from other folders (`../dialog/modal.css`). */
function cssPropertiesUsed(folder: string, components: string): string[] {
  const own = readdirSync(folder)
    .filter((file) => file.endsWith('.css'))
    .map((file) => join(folder, file));
  const imported = [...components.matchAll(/['"](\.\.\/[\w./-]+\.css)['"]/g)].map((m) => join(folder, m[1] ?? ''));
  const sheets = [...new Set([...own, ...imported])].map((file) => readFileSync(file, 'utf8'));
  return [...new Set(sheets.flatMap((sheet) => [...sheet.matchAll(PORTAL_VAR)].map((m) => m[1] ?? '')))];
}

/**
 * Every `portal-*` event a widget's code emits: `emit(host, 'portal-…')`,
 * `this.emit('portal-…')` (either branch of a condition), `new CustomEvent('portal-…')`.
 */
function emittedEvents(components: string): string[] {
  const calls = components.matchAll(/(?:\bemit\(\s*(?:\w+,\s*)?|new CustomEvent\(\s*)([^,)]*)/g);
  const names = [...calls].flatMap((call) =>
    [...(call[1] ?? '').matchAll(/'(portal-[a-z-]+)'/g)].map((m) => m[1] ?? ''),
  );
  return [...new Set(names)];
}

/** Reads what the element's folder uses. */
export function elementUsage(folder: string): ElementUsage {
  const components = folderSources(folder, /\.tsx?$/);
  return {
    emitted: emittedEvents(components),
    partsUsed: [...new Set([...components.matchAll(/\bpart="([^"]+)"/g)].flatMap((m) => (m[1] ?? '').split(/\s+/)))],
    cssPropertiesUsed: cssPropertiesUsed(folder, components),
  };
}
