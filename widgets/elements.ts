import type { Layout } from '../contract/layouts';
import type { LoadWhen } from '../contract/load-on';

/** An element's entry in the registry. `A` is the type of its attributes in JSX. */
export interface ElementEntry<A extends object = object> {
  /** Its module under widgets/, the one that defines the tag (no extension). */
  module: string;
  /**
   * What defines it on a page: `portal.js` (the first time the tag appears),
   * `chat.js` (the one-tag chat), or the page's own module script (the order
   * pages, whose elements stay out of portal.js and so out of every page's budget).
   */
  script: 'portal' | 'chat' | 'page';
  /** When the loader fetches its code on the portal's own server-rendered pages; at once if absent. */
  loadOn?: LoadWhen;
  /**
   * The layouts that carry it: their pages draw it (host/pages/document.tsx, in
   * this registry's order) and preload its code unless it waits. This is the one
   * list of which layout carries which element.
   */
  layouts?: readonly Layout[];
  /**
   * Where those pages draw it: `above` or `below` the content (the default), or
   * `within` another element's server view (the sign-in, within the header's). Its
   * server view, if it has one, is named by tag in host/pages/document.tsx;
   * without one it is drawn as its bare tag and renders itself.
   */
  drawn?: 'above' | 'below' | 'within';
  /** Kept in an administrator's preview (`?preview=true`), which leaves the chrome out. */
  inPreview?: true;
  /** Phones never get it (SPEC §2: no sign-in on phones), nor its code. */
  desktopOnly?: true;
  /** Its attributes, for the JSX typings only: written `attributes<{ … }>()`. */
  attributes?: A;
}

/** Types an entry's attributes; no value is kept. */
const attributes = <A extends object>() => undefined as unknown as A;

/**
 * Every `portal-*` element: the one list. The loader's map (build/element-loaders.ts
 * writes it into portal.js from the entries of `portal`), the layouts' elements and
 * their `load-on`, the order pages' entries, and the tags' JSX typings
 * (widgets/jsx.d.ts) all come from here, so a new element is its folder and one
 * line. Keep the chrome first, in the order a page draws it: that is the order
 * its code is preloaded in.
 */
export const ELEMENTS = {
  'portal-header': {
    module: 'header/header.element',
    script: 'portal',
    loadOn: 'scroll',
    layouts: ['default', 'order'],
    drawn: 'above',
    attributes: attributes<{ 'no-login'?: string }>(),
  },
  'portal-login': {
    module: 'login/login.element',
    script: 'portal',
    // Until the light check finds someone, or the visitor reaches for 登录.
    loadOn: 'signed-in',
    layouts: ['default', 'order'],
    drawn: 'within',
    desktopOnly: true,
  },
  'portal-topic-header': {
    module: 'topic-header/topic-header.element',
    script: 'portal',
    // Complete as the server's markup: its anchors are links, its menu waits for a touch.
    loadOn: 'interaction',
    layouts: ['topic'],
    drawn: 'above',
    attributes: attributes<{ phone?: string; logo?: string }>(),
  },
  'portal-footer': {
    module: 'footer/footer.element',
    script: 'portal',
    loadOn: 'interaction',
    layouts: ['default', 'order', 'topic'],
  },
  'portal-float-buttons': {
    module: 'float-buttons/float-buttons.element',
    script: 'portal',
    loadOn: 'interaction',
    layouts: ['default'],
  },
  'portal-chat-launcher': {
    module: 'chat-launcher/chat-launcher.element',
    script: 'chat',
    layouts: ['default'],
    attributes: attributes<{ position?: 'left' | 'right'; provider?: 'builtin' | 'meiqia' }>(),
  },
  // For other sites' pages: the portal's own draw the notice with no element code (host/pages/cookie-notice.tsx).
  'portal-cookie-notice': { module: 'cookie-notice/cookie-notice.element', script: 'portal' },
  'portal-agreement-dialog': {
    module: 'agreement-dialog/agreement-dialog.element',
    script: 'portal',
    loadOn: 'signed-in',
    layouts: ['default', 'order'],
  },
  'portal-toast': { module: 'toast/toast.element', script: 'portal' },
  'portal-order-guard': {
    module: 'order-guard/order-guard.element',
    script: 'portal',
    // For a user, at once (its early check; back from the console it finishes the trip).
    // For a visitor, with the first reach for its link: a click before is given again to it.
    loadOn: 'signed-in',
    attributes: attributes<{ 'no-certification'?: string }>(),
  },
  'portal-order-form': {
    module: 'order-form/order-form.element',
    script: 'page',
    attributes: attributes<{ 'product-id'?: string; 'edition-id'?: string }>(),
  },
  'portal-orders': {
    module: 'orders/orders.element',
    script: 'page',
    attributes: attributes<{ 'order-no'?: string }>(),
  },
} satisfies Record<`portal-${string}`, ElementEntry>;

export type PortalTag = keyof typeof ELEMENTS;
const entries = Object.entries(ELEMENTS) as Array<[PortalTag, ElementEntry]>;

/** The elements `script` defines. */
export const elementsDefinedBy = (script: ElementEntry['script']): PortalTag[] =>
  entries.filter(([, entry]) => entry.script === script).map(([tag]) => tag);

/** The elements a layout carries, in the registry's order. */
export const elementsOf = (layout: Layout): PortalTag[] =>
  entries.filter(([, entry]) => entry.layouts?.includes(layout)).map(([tag]) => tag);

/** What one page of a layout carries: its layout's elements, less those a preview or a phone does without. */
export const elementsOnPage = (layout: Layout, page: { preview: boolean; phone: boolean }): PortalTag[] =>
  elementsOf(layout).filter((tag) => {
    const entry: ElementEntry = ELEMENTS[tag];
    return (!page.preview || entry.inPreview) && (!page.phone || !entry.desktopOnly);
  });

/** Where a layout's pages draw the element (`drawn`). */
export const drawnOf = (tag: PortalTag): NonNullable<ElementEntry['drawn']> =>
  (ELEMENTS[tag] as ElementEntry).drawn ?? 'below';

/** When an element's code is fetched on the portal's pages (`load-on`); undefined: at once. */
export const loadOnOf = (tag: string): LoadWhen | undefined => (ELEMENTS as Record<string, ElementEntry>)[tag]?.loadOn;
