import type { BrowserContext, Page } from '@playwright/test';

/**
 * Script injection, the browser half: payloads that call `__xss(n)` (or raise a
 * dialog) if they ever run, a watch on a browser context for such calls and
 * dialogs, and a look at a rendered page for what a parser made of them
 * (elements with handlers, `javascript:` addresses, frames from `srcdoc`): a
 * payload that lands where nothing fires it is found all the same.
 */

type Make = (call: string, n: number) => string;

const TEMPLATES: Make[] = [
  (c) => `<script>${c}</script>`,
  (c) => `<img src=x onerror=${c}>`,
  (c) => `<svg onload=${c}>`,
  (c) => `<svg><script>${c}</script></svg>`,
  (c) => `javascript:${c}`,
  (c) => ` JaVaScRiPt:${c}//`,
  (c) => `"><img src=x onerror=${c}>`,
  (c) => `'><img src=x onerror=${c}>`,
  (c) => `" autofocus onfocus="${c}" x="`,
  (c) => `' autofocus onfocus='${c}' x='`,
  (c) => `x onmouseover=${c} y=`,
  (c) => `</textarea><img src=x onerror=${c}>`,
  (c) => `</script><script>${c}</script>`,
  (c) => `</title><img src=x onerror=${c}>`,
  (c) => `</style><img src=x onerror=${c}>`,
  (c) => `{{constructor.constructor('${c}')()}}`,
  (c) => `\${${c}}#{${c}}<%= ${c} %>`,
  (c) => `&lt;img src=x onerror=${c}&gt;`,
  (c) => `&#60;img src=x onerror=${c}&#62;`,
  (c) => `%3Cimg%20src%3Dx%20onerror%3D${c}%3E`,
  (c) => `\\u003cimg src=x onerror=${c}\\u003e`,
  (c) => `\\x3cscript\\x3e${c}\\x3c/script\\x3e`,
  (c) => `<iframe srcdoc="<script>parent.${c}</script>"></iframe>`,
  (c) => `<iframe src="javascript:parent.${c}"></iframe>`,
  (c) => `<noscript><p title="</noscript><img src=x onerror=${c}>">`,
  (c) => `<math><mtext><table><mglyph><style><img src=x onerror=${c}>`,
  (c) => `<a href="javascript:${c}">x</a>`,
  (c) => `<a href="&#106;avascript:${c}">x</a>`,
  (c) => `<details open ontoggle=${c}>`,
  (c) => `<input autofocus onfocus=${c}>`,
  (c) => `<object data="javascript:${c}"></object>`,
  (c) => `<embed src="javascript:${c}">`,
  (c) => `<meta http-equiv="refresh" content="0;url=javascript:${c}">`,
  (c) => `<base href="javascript:${c}//">`,
  (c) => `<!--<img src="--><img src=x onerror=${c}//">`,
  (c) => `<svg><a href="javascript:${c}"><text y="9">x</text></a></svg>`,
  (c) => `<video><source onerror=${c}></video>`,
  (c) => `<form><button formaction="javascript:${c}">x</button></form>`,
  (c) => `<scr<script>ipt>${c}</scr</script>ipt>`,
  (c) => `<IMG SRC=x OnErRoR=${c}>`,
  (c) => `<img/src=x/onerror=${c}>`,
  (c) => `＜img src=x onerror=${c}＞`,
  (c) => `data:text/html,<script>parent.${c}</script>`,
  (_, n) => `<img src=x onerror=alert(${n})>`,
  (_, n) => `"><svg onload=confirm(${n})>`,
];

/** The payloads with marks `base + 1` onwards: a mark says which payload ran, and where. */
export const payloads = (base: number): string[] =>
  TEMPLATES.map((make, index) => make(`__xss(${base + index + 1})`, base + index + 1));

export const PAYLOAD_COUNT = TEMPLATES.length;

/**
 * The payloads a browser loads page by page where every payload is also
 * parsed in bulk: tags, breakouts of attributes, text areas, scripts and
 * titles, mutation XSS, frames, links, dialogs.
 */
const NAVIGATED = new Set([0, 1, 6, 8, 11, 12, 13, 22, 24, 26, 43, 44]);
export const navigated = (list: string[]) => list.filter((_, index) => NAVIGATED.has(index));
export const NAVIGATED_COUNT = NAVIGATED.size;

/** What ran, across every page of a context. */
export interface Watch {
  /** `__xss` calls: a payload ran. */
  executions: string[];
  /** alert/confirm/prompt dialogs. */
  dialogs: string[];
}

/**
 * Records every payload that runs in `context`. Give the context `bypassCSP`:
 * the pages' CSP would stop most payloads without a word, and the tests are
 * about the markup, not the CSP behind it (a CSP also reports markup it never
 * runs, such as DOMPurify's own inert parse, which says nothing of the page).
 */
export async function watchForScript(context: BrowserContext): Promise<Watch> {
  const watch: Watch = { executions: [], dialogs: [] };
  await context.exposeBinding('__xss', ({ page }, mark: unknown) => {
    watch.executions.push(`${mark} on ${page?.url()}`);
  });
  context.on('dialog', (dialog) => {
    watch.dialogs.push(`${dialog.type()} ${dialog.message()} on ${dialog.page()?.url()}`);
    dialog.dismiss().catch(() => {});
  });
  return watch;
}

/** What one document holds: markup a payload became, and its text. */
export interface Inspection {
  /**
   * What a parser made of markup that should have stayed text: handlers,
   * `javascript:` and `data:text/html` addresses, `srcdoc` frames, runnable
   * scripts naming a payload's call, `<base>`, `<object>`, `<embed>`, refreshes.
   */
  parsed: string[];
  /** The text a visitor reads, with the values of form fields, whitespace collapsed. */
  text: string;
}

/**
 * Runs in the browser: inspects the page (`htmls` null) or, parsed by the
 * browser's own HTML parser, each of `htmls` (answers fetched over HTTP).
 * Looks through open shadow roots, templates and same-origin frames.
 */
function inspect(htmls: string[] | null): Inspection[] {
  const urlAttributes = new Set(['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'poster', 'background']);
  const markup = (element: Element) => element.outerHTML.slice(0, 160);
  const parsedIn = (doc: Document, name: string) => {
    const found: string[] = [];
    const visit = (root: ParentNode, where: string) => {
      for (const element of root.querySelectorAll('*')) {
        for (const { name, value } of element.attributes) {
          const lower = name.toLowerCase();
          // As the URL parser reads it: without the spaces and control characters it drops.
          const address = [...value].filter((char) => char.charCodeAt(0) > 32).join('');
          if (lower.startsWith('on')) found.push(`${where}: handler ${markup(element)}`);
          else if (lower === 'srcdoc') found.push(`${where}: srcdoc ${markup(element)}`);
          else if (urlAttributes.has(lower) && /^(?:javascript:|vbscript:|data:text\/html)/i.test(address))
            found.push(`${where}: address ${markup(element)}`);
        }
        const tag = element.localName;
        // A data block (`application/json`) never runs; breaking out of one makes other markup, found here too.
        const type = element.getAttribute('type') ?? '';
        const runs = !type || /^(module|(text|application)\/(java|ecma)script)$/i.test(type);
        if (
          tag === 'script' &&
          runs &&
          /__xss|alert\(|confirm\(/.test(`${element.textContent}${element.getAttribute('src')}`)
        )
          found.push(`${where}: script ${markup(element)}`);
        if (tag === 'base' || tag === 'object' || tag === 'embed') found.push(`${where}: ${markup(element)}`);
        if (tag === 'meta' && element.hasAttribute('http-equiv') && /xss|javascript/i.test(element.outerHTML))
          found.push(`${where}: refresh ${markup(element)}`);
        if (element.shadowRoot) visit(element.shadowRoot, `${where} > ${tag}`);
        if (element instanceof HTMLTemplateElement) visit(element.content, `${where} > template`);
        if (element instanceof HTMLIFrameElement) {
          try {
            if (element.contentDocument) visit(element.contentDocument, `${where} > iframe`);
          } catch {}
        }
      }
    };
    visit(doc, name);
    return found;
  };
  const textOf = (doc: Document) => {
    const parts: string[] = [];
    const visit = (root: Node) => {
      for (let node = root.firstChild; node; node = node.nextSibling) {
        if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
        if (!(node instanceof Element)) continue;
        if (node.localName === 'script' || node.localName === 'style' || node.localName === 'template') continue;
        if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) parts.push(` ${node.value} `);
        if (node.shadowRoot) visit(node.shadowRoot);
        visit(node);
      }
    };
    if (doc.body) visit(doc.body);
    return parts.join('').replace(/\s+/g, ' ');
  };
  if (!htmls) return [{ parsed: parsedIn(document, location.pathname), text: textOf(document) }];
  // The parser of navigations, declarative shadow roots included; nothing in it runs.
  const parse = (html: string) =>
    (Document as unknown as { parseHTMLUnsafe(html: string): Document }).parseHTMLUnsafe(html);
  return htmls.map((html, index) => {
    const doc = parse(html);
    return { parsed: parsedIn(doc, `answer ${index}`), text: textOf(doc) };
  });
}

/** What a parser made of payloads in the page as it stands. */
export const parsedPayloads = async (page: Page): Promise<string[]> =>
  (await page.evaluate(inspect, null))[0]?.parsed ?? [];

/** The page's text as a visitor reads it, through open shadow roots: where a payload must appear as text. */
export const shownText = async (page: Page): Promise<string> => (await page.evaluate(inspect, null))[0]?.text ?? '';

/** Each answer (HTML fetched over HTTP) parsed by `page`'s browser and inspected. */
export const inspectAnswers = (page: Page, htmls: string[]): Promise<Inspection[]> => page.evaluate(inspect, htmls);

/** A payload as it reads once shown: whitespace collapsed, ends trimmed (forms and APIs trim). */
export const asShown = (payload: string) => payload.replace(/\s+/g, ' ').trim();
