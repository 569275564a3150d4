/** Snippets of the /docs pages, marked with what they are. */

export const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
/**
 * What a snippet is, for the reader and for the test that runs every one of them
 * on another origin (e2e/docs-snippets.spec.ts): `html` goes in a page, `js` runs
 * in it as a module, `css` styles it, `app` is an app's module (TypeScript, JSX and
 * the package's names, for its bundler), `shell` is the portal's settings, `output`
 * is what the browser or a page shows (not to run).
 */
export type SnippetKind = 'html' | 'js' | 'css' | 'app' | 'shell' | 'output';

// A snippet wider than a phone scrolls: it takes focus so a keyboard can scroll it too.
export const code = (text: string, kind: SnippetKind = 'html') =>
  `<pre tabindex="0" data-snippet="${kind}"><code>${escapeHtml(text)}</code></pre>`;
