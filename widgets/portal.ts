/**
 * The portal's one script: `<script src="https://HOST/widgets/portal.js" async></script>`.
 *
 * It is a classic script (it may be loaded without `type="module"`), so it has no
 * static imports: each element's module is fetched with `import()` the first time
 * its tag shows up, now or later, and the shared runtime chunk comes with the first.
 * Its map of elements is written by the build from the registry (widgets/elements.ts).
 */
import { elementLoaders } from 'virtual:portal-element-loaders';
import { earlyClicksThrough } from '../contract/early-clicks';
import { reloadOnChunkError } from './loader/chunk-reload';
import type { LoadWhen } from './loader/deferred';

const LOADED = Symbol.for('portal.loader');
type LoaderWindow = Window & { [LOADED]?: true };

function startLoader() {
  const pending = new Map(Object.entries(elementLoaders));
  const selector = () => [...pending.keys()].join(',');

  const load = (tag: string): Promise<unknown> => {
    const loader = pending.get(tag);
    if (!loader) return Promise.resolve();
    pending.delete(tag);
    return loader().catch((error: unknown) => {
      // A chunk gone after a deploy: reload once for the new names. Otherwise let a
      // later insertion of the tag try again.
      if (reloadOnChunkError(error)) return;
      pending.set(tag, loader);
      console.error(`[portal] could not load <${tag}>`, error);
    });
  };

  const found = (element: Element) => {
    const tag = element.localName;
    // `load-on` (visible, interaction, scroll, signed-in) lets the code wait until it is needed.
    const when = element.getAttribute('load-on');
    if (!when) return void load(tag);
    // Each instance may ask for the code; the first to need it loads it for all.
    // The waiting logic is itself fetched only by pages that defer an element.
    // Elements the server rendered inside it (the header's sign-in) are scanned for.
    // Until it is here, clicks are kept (and those the page kept before this script
    // ran): a tap on the server's markup would be lost.
    let clicked: EventTarget[][] | undefined = earlyClicksThrough(element);
    element.addEventListener('click', (event) => clicked?.push(event.composedPath()), true);
    void import('./loader/deferred').then(
      ({ whenNeeded }) => {
        whenNeeded(element, when as LoadWhen, () => load(tag), scan, clicked);
        clicked = undefined;
      },
      // Not fetched (a dropped connection): the element's own code, at once, rather than none.
      () => {
        void load(tag);
        scan(element.shadowRoot ?? element);
      },
    );
  };

  const scan = (root: Element | Document | ShadowRoot) => {
    if (root instanceof Element && pending.has(root.localName)) found(root);
    if (!pending.size) return;
    for (const element of root.querySelectorAll(selector())) found(element);
  };

  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) scan(node);
    }
  }).observe(document, { childList: true, subtree: true });
  scan(document);
}

const host = window as LoaderWindow;
if (!host[LOADED]) {
  host[LOADED] = true;
  startLoader();
}
