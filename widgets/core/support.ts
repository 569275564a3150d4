import { warnOnce } from './warn-once';

/**
 * Whether this browser has what every element is built on: custom elements,
 * shadow DOM, and constructable stylesheets (their styles, safe under a CSP:
 * Chrome 73, Firefox 101, Safari 16.4). Without them an element would throw in
 * its constructor; instead none is defined, and the console says so once. jsdom
 * lacks the stylesheets (importing still works there, defining nothing); happy-dom
 * has them. The newer features the elements use beside these are checked where
 * they are used (see the package README's browser support).
 */
export function browserSupported(): boolean {
  const missing = [
    typeof customElements === 'undefined' && 'custom elements',
    typeof ShadowRoot === 'undefined' && 'shadow DOM',
    !(
      typeof CSSStyleSheet === 'function' &&
      'replaceSync' in CSSStyleSheet.prototype &&
      typeof ShadowRoot === 'function' &&
      'adoptedStyleSheets' in ShadowRoot.prototype
    ) && 'constructable stylesheets',
  ].filter(Boolean);
  if (missing.length === 0) return true;
  warnOnce(
    'browser',
    `[portal] This browser lacks ${missing.join(' and ')}, which the portal's elements need (Chrome or Edge 93, Firefox 101, Safari 16.4 or later): they are left out. (jsdom lacks constructable stylesheets too: test the elements with happy-dom or in a browser.)`,
  );
  return false;
}
