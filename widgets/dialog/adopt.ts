const sheets = new Map<string, CSSStyleSheet>();

/**
 * Adds styles to an element's shadow root from a module loaded later than the
 * element (a constructable stylesheet: no inline style for the CSP to refuse).
 * `first` puts them ahead of the element's own rules, which then win where both
 * speak, as if they had been written before them.
 */
export function adoptStyles(host: HTMLElement, css: string, { first = false }: { first?: boolean } = {}): void {
  const root = host.shadowRoot;
  if (!root) return;
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  if (root.adoptedStyleSheets.includes(sheet)) return;
  root.adoptedStyleSheets = first ? [sheet, ...root.adoptedStyleSheets] : [...root.adoptedStyleSheets, sheet];
}
