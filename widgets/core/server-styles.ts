import { SERVER_STYLE_ATTRIBUTE } from '../../contract/server-rendering';

/**
 * The stylesheet of an element the server renders (`defineElement`'s `styles`).
 * Where the server's copy of the rules is in the shadow root, its text is used;
 * only a page that did not render the element fetches them (`load`, their own
 * chunk), and until they arrive the element is hidden, as unstyled markup would
 * jump about. Not part of the runtime: the cookie notice page does without it.
 */
export function serverStyles(load: () => Promise<{ default: string }>): (root: ShadowRoot) => CSSStyleSheet {
  return (root) => {
    const sheet = new CSSStyleSheet();
    const text = root.querySelector(`style[${SERVER_STYLE_ATTRIBUTE}]`)?.textContent;
    // `?.`: jsdom lacks it (issue #34).
    sheet.replaceSync?.(text ?? ':host{visibility:hidden}');
    if (text == null) {
      load().then(
        (loaded) => sheet.replaceSync?.(loaded.default),
        (error: unknown) => {
          sheet.replaceSync?.('');
          console.error('[portal] could not load the styles', error);
        },
      );
    }
    return sheet;
  };
}
