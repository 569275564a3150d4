const sheets = new Map<string, CSSStyleSheet>();

/**
 * Adds styles to an element's shadow root from a module loaded later than the
 * element (a constructable stylesheet: no inline style for the CSP to refuse).
 */
export function adoptStyles(host: HTMLElement, css: string): void {
  const root = host.shadowRoot;
  if (!root) return;
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
