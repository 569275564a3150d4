import type { Page } from '@playwright/test';
import type { Problem } from './report';

/** A box in CSS pixels of the viewport, rounded for reports. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How a control is judged for size (see `targetRule` in hit-test.ts). */
export type ControlKind = 'button' | 'icon' | 'link' | 'image' | 'choice' | 'field' | 'region';

/**
 * The in-page toolkit the checks share: one walk through the document and its
 * open shadow roots, one notion of "a control the visitor can see", one hit test.
 * Installed as `window.__layout` by `installToolkit`.
 */
export interface Toolkit {
  deepElements(root?: Document | Element | ShadowRoot): Element[];
  controls(scope?: Element | Document): Element[];
  /** Why a control is no target now (not rendered, disabled...), or '' when it is one. */
  skipReason(element: Element): string;
  kindOf(element: Element): ControlKind;
  flatParent(element: Element): Element | null;
  flatContains(ancestor: Element, node: Element | null): boolean;
  /** The element under a point, looking into open shadow roots. */
  deepHit(x: number, y: number): Element | null;
  /** True when `hit` is the control, inside it, or a label of it. */
  hits(control: Element, hit: Element | null): boolean;
  /** The part of the element on screen: inside the viewport and every clipping ancestor. */
  visibleBox(element: Element): DOMRect | null;
  /** Hidden by a clipping container other than the page (a carousel's slide out of view). */
  clippedByContainer(element: Element): boolean;
  /** The box a hit test aims at: the largest line box of a wrapped inline link, else the element's. */
  aimBox(element: Element): DOMRect;
  scrollToCentre(element: Element): void;
  /** Fixed and sticky elements on screen, outermost first. */
  layers(): Element[];
  /** The nearest fixed or sticky ancestor-or-self: the layer that paints the element. */
  innermostLayer(element: Element): Element | null;
  /** The name of the layer (or page part) an element belongs to, for reports. */
  layerOf(element: Element): Element | null;
  layerName(layer: Element | null): string;
  /** The dialog (`<dialog>` or `role="dialog"`) an element is in, if any. */
  dialogOf(element: Element): Element | null;
  /** Layers that act as modal: an open modal <dialog>, aria-modal="true", or the open mobile menu. */
  modalLayers(): Element[];
  describe(element: Element | null): string;
  /**
   * What keeps the focused `element` from being seen: not rendered, off screen, or
   * covered (3×3 probes over its visible box) by a layer it is not part of.
   */
  focusProblems(element: Element): Problem[];
  box(rect: DOMRectReadOnly | null): Box | null;
  intersect(a: DOMRectReadOnly, b: DOMRectReadOnly): DOMRect | null;
  deepActiveElement(): Element | null;
}

declare global {
  interface Window {
    __layout?: Toolkit;
  }
}

/** The toolkit's source; runs in the page, so it refers to nothing outside itself. */
function toolkit(): Toolkit {
  const CONTROL = [
    'a[href]',
    'button',
    'input:not([type="hidden"])',
    'select',
    'textarea',
    'summary',
    '[role="button"]',
    '[role="link"]',
    '[role="checkbox"]',
    '[role="radio"]',
    '[role="switch"]',
    '[role="tab"]',
    '[role="menuitem"]',
    '[tabindex]:not([tabindex="-1"])',
  ].join(', ');

  const deepElements = (root: Document | Element | ShadowRoot = document): Element[] => {
    const out: Element[] = [];
    for (const element of root.querySelectorAll('*')) {
      out.push(element);
      if (element.shadowRoot) out.push(...deepElements(element.shadowRoot));
    }
    return out;
  };

  /** The parent in the rendered (flat) tree: a slotted element's slot, a shadow root's host. */
  const flatParent = (element: Element): Element | null => {
    if (element.assignedSlot) return element.assignedSlot;
    if (element.parentElement) return element.parentElement;
    const parent = element.parentNode;
    return parent instanceof ShadowRoot ? parent.host : null;
  };

  const flatContains = (ancestor: Element, node: Element | null) => {
    for (let current = node; current; current = flatParent(current)) if (current === ancestor) return true;
    return false;
  };

  const flatClosest = (element: Element, test: (candidate: Element) => boolean) => {
    for (let current: Element | null = element; current; current = flatParent(current))
      if (test(current)) return current;
    return null;
  };

  const controls = (scope: Element | Document = document) => {
    const all = scope instanceof Document ? deepElements(scope) : [scope, ...deepElements(scope)];
    if (scope instanceof Element && scope.shadowRoot) all.push(...deepElements(scope.shadowRoot));
    return [...new Set(all)].filter((element) => element.matches(CONTROL));
  };

  const style = (element: Element) => getComputedStyle(element);

  const intersect = (a: DOMRectReadOnly, b: DOMRectReadOnly) => {
    const left = Math.max(a.left, b.left);
    const top = Math.max(a.top, b.top);
    const right = Math.min(a.right, b.right);
    const bottom = Math.min(a.bottom, b.bottom);
    return right - left >= 1 && bottom - top >= 1 ? new DOMRect(left, top, right - left, bottom - top) : null;
  };

  /** Hidden from sight by `clip: rect(0 0 0 0)` or `clip-path: inset(50%)`, the visually-hidden idiom. */
  const clippedAway = (element: Element) => {
    for (
      let current: Element | null = element, depth = 0;
      current && depth < 4;
      current = flatParent(current), depth++
    ) {
      const s = style(current);
      if (/inset\(50%/.test(s.clipPath)) return true;
      const clip = /rect\(([-\d.]+)px,? ([-\d.]+)px,? ([-\d.]+)px,? ([-\d.]+)px\)/.exec(s.clip);
      if (clip && (s.position === 'absolute' || s.position === 'fixed')) {
        const [top, right, bottom, left] = clip.slice(1).map(Number) as [number, number, number, number];
        if (right - left <= 1 || bottom - top <= 1) return true;
      }
    }
    return false;
  };

  const skipReason = (element: Element) => {
    if ((element as HTMLButtonElement).disabled || element.matches(':disabled')) return 'disabled';
    if (element.getAttribute('aria-disabled') === 'true') return 'disabled';
    if (flatClosest(element, (e) => e.hasAttribute('inert'))) return 'inert';
    const details = flatClosest(element, (e) => e.localName === 'details' && !(e as HTMLDetailsElement).open);
    // The summary of a closed <details> is the one thing in it a visitor can use, unless
    // CSS shows its content anyway (::details-content: the help centre's menu on desktops).
    if (
      details &&
      !(element.localName === 'summary' && element.parentElement === details) &&
      !element.checkVisibility()
    )
      return 'closed details';
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return 'not rendered';
    const rect = element.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) return 'visually hidden';
    if (clippedAway(element)) return 'visually hidden';
    // Parked beyond the top or left edge of the page (the skip-link idiom): no scrolling reaches it.
    if (rect.right + scrollX <= 0 || rect.bottom + scrollY <= 0) return 'visually hidden';
    return '';
  };

  const visibleText = (element: Element) =>
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point: a label hidden by CSS does not make an icon a text link.
    ((element as HTMLElement).innerText ?? element.textContent ?? '').trim();

  const kindOf = (element: Element) => {
    const tag = element.localName;
    const role = element.getAttribute('role');
    if (tag === 'input') {
      const type = (element as HTMLInputElement).type;
      if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
      if (type === 'checkbox' || type === 'radio') return 'choice';
      return 'field';
    }
    if (tag === 'select' || tag === 'textarea') return 'field';
    if (role === 'checkbox' || role === 'radio' || role === 'switch') return 'choice';
    if (tag === 'button' || tag === 'summary' || role === 'button' || role === 'tab' || role === 'menuitem')
      return 'button';
    if (tag === 'a' || role === 'link') {
      if (visibleText(element)) return 'link';
      // A picture no bigger than an icon is an icon control; a logo or a card picture is a picture link.
      const rect = element.getBoundingClientRect();
      return rect.width <= 48 && rect.height <= 48 ? 'icon' : 'image';
    }
    return 'region';
  };

  /** Overflow that clips: every value but `visible` (a scroll container clips too). */
  const clips = (s: CSSStyleDeclaration) => s.overflowX !== 'visible' || s.overflowY !== 'visible';

  const visibleBox = (element: Element) => {
    let box: DOMRect | null = intersect(element.getBoundingClientRect(), new DOMRect(0, 0, innerWidth, innerHeight));
    for (let current = flatParent(element); current && box; current = flatParent(current)) {
      const s = style(current);
      if (current !== document.documentElement && current !== document.body && clips(s))
        box = intersect(box, current.getBoundingClientRect());
      // Ancestors of a fixed element do not clip it (no transformed ancestors here).
      if (s.position === 'fixed') break;
    }
    return box;
  };

  const clippedByContainer = (element: Element) => {
    const rect = element.getBoundingClientRect();
    for (let current = flatParent(element); current; current = flatParent(current)) {
      const s = style(current);
      if (current === document.documentElement || current === document.body) return false;
      if (clips(s) && !intersect(rect, current.getBoundingClientRect())) return true;
      if (s.position === 'fixed') return false;
    }
    return false;
  };

  const aimBox = (element: Element) => {
    const lines = [...element.getClientRects()];
    if (lines.length < 2) return element.getBoundingClientRect();
    return lines.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  };

  const scrollToCentre = (element: Element) =>
    element.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });

  const deepHit = (x: number, y: number) => {
    let hit = document.elementFromPoint(x, y);
    while (hit?.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };

  const hits = (control: Element, hit: Element | null) => {
    if (!hit) return false;
    if (flatContains(control, hit)) return true;
    const label = flatClosest(hit, (e) => e.localName === 'label') as HTMLLabelElement | null;
    return Boolean(label && label.control === control);
  };

  /**
   * Fixed, or sticky and stuck at its inset: a sticky element its container has
   * pushed on (a side menu at the end of its column) moves with the page like its
   * content, so the hit test, not the layer check, judges it there.
   */
  const positioned = (element: Element) => {
    const { position, top, bottom } = style(element);
    if (position === 'fixed') return true;
    if (position !== 'sticky') return false;
    const rect = element.getBoundingClientRect();
    const stuckTop = top !== 'auto' && Math.abs(rect.top - Number.parseFloat(top)) < 1;
    const stuckBottom = bottom !== 'auto' && Math.abs(innerHeight - rect.bottom - Number.parseFloat(bottom)) < 1;
    return stuckTop || stuckBottom;
  };

  const layers = () =>
    deepElements().filter((element) => {
      if (!positioned(element) || !element.checkVisibility({ visibilityProperty: true })) return false;
      const rect = element.getBoundingClientRect();
      return rect.width >= 1 && rect.height >= 1;
    });

  const layerOf = (element: Element) => {
    let layer: Element | null = null;
    for (let current: Element | null = element; current; current = flatParent(current))
      if (positioned(current)) layer = current;
    return layer;
  };

  const innermostLayer = (element: Element) => {
    for (let current: Element | null = element; current; current = flatParent(current))
      if (positioned(current)) return current;
    return null;
  };

  /** The custom element a node lives in, or the node itself: what a reader of the report knows. */
  const hostOf = (element: Element) => {
    for (let current: Element | null = element; current; current = flatParent(current)) {
      const root = current.getRootNode();
      if (current.localName.includes('-')) return current;
      if (root instanceof ShadowRoot) return root.host;
    }
    return element;
  };

  const describeOne = (element: Element) => {
    const id = element.id ? `#${element.id}` : '';
    const classes = [...element.classList]
      .slice(0, 2)
      .map((c) => `.${c}`)
      .join('');
    return `${element.localName}${id}${classes}`;
  };

  const nameOf = (element: Element) => {
    const label =
      element.getAttribute('aria-label') ||
      visibleText(element) ||
      element.getAttribute('title') ||
      element.querySelector('img[alt]')?.getAttribute('alt') ||
      (element as HTMLInputElement).placeholder ||
      (element as HTMLInputElement).labels?.[0]?.textContent ||
      element.getAttribute('href') ||
      '';
    const short = label.replace(/\s+/g, ' ').trim();
    return short.length > 24 ? `${short.slice(0, 23)}…` : short;
  };

  const labelOf = (element: Element | null) => {
    if (!element) return 'nothing';
    const host = hostOf(element);
    const path = host !== element ? `${host.localName} » ${describeOne(element)}` : describeOne(element);
    const name = nameOf(element);
    return name ? `${path} "${name}"` : path;
  };

  const layerName = (layer: Element | null) => {
    if (!layer) return 'page';
    const host = hostOf(layer);
    return host === layer ? describeOne(layer) : `${host.localName} » ${describeOne(layer)}`;
  };

  // A closed menu may only be made invisible (the topic header's, for its slide-out): that one is no layer.
  const openMenu = () =>
    deepElements().filter(
      (e) =>
        e.localName === 'nav' &&
        style(e).position === 'fixed' &&
        e.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
        e.getBoundingClientRect().height > 1,
    );

  const dialogOf = (element: Element) =>
    flatClosest(element, (e) => e.localName === 'dialog' || e.getAttribute('role') === 'dialog');

  const modalLayers = () => [
    ...deepElements().filter(
      (e) =>
        (e.matches('dialog:modal') || e.getAttribute('aria-modal') === 'true') &&
        e.checkVisibility() &&
        e.getBoundingClientRect().height > 1,
    ),
    ...openMenu(),
  ];

  const box = (rect: DOMRectReadOnly | null) =>
    rect
      ? {
          x: Math.round(rect.x),
          y: Math.round(rect.y),
          width: Math.round(rect.width),
          height: Math.round(rect.height),
        }
      : null;

  const focusProblems = (element: Element): Problem[] => {
    const problems: Problem[] = [];
    const target = labelOf(element);
    const rect = box(element.getBoundingClientRect());
    const reason = skipReason(element);
    const onScreen = reason ? null : visibleBox(element);
    if (reason) return [{ check: 'keyboard', target, box: rect, problem: `focused, but ${reason}` }];
    if (!onScreen) return [{ check: 'keyboard', target, box: rect, problem: 'focused, but off screen' }];
    const under = new Map<Element, number>();
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) {
        const hit = deepHit(
          onScreen.x + (onScreen.width * (i + 0.5)) / 3,
          onScreen.y + (onScreen.height * (j + 0.5)) / 3,
        );
        if (!hit || hits(element, hit)) continue;
        const layer = innermostLayer(hit);
        if (!layer || flatContains(layer, element)) continue;
        under.set(layer, (under.get(layer) ?? 0) + 1);
      }
    for (const [layer, points] of under)
      problems.push({
        check: 'keyboard',
        target,
        box: rect,
        problem:
          points === 9
            ? `focused, but hidden under ${layerName(layer)}`
            : `focused, but partly hidden under ${layerName(layer)} (${points}/9 probes)`,
        otherBox: box(layer.getBoundingClientRect()),
      });
    return problems;
  };

  const deepActiveElement = () => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active;
  };

  return {
    deepElements,
    controls,
    skipReason,
    kindOf,
    flatParent,
    flatContains,
    deepHit,
    hits,
    visibleBox,
    clippedByContainer,
    aimBox,
    scrollToCentre,
    layers,
    layerOf,
    innermostLayer,
    layerName,
    dialogOf,
    modalLayers,
    describe: labelOf,
    focusProblems,
    box,
    intersect,
    deepActiveElement,
  };
}

/** Installs the toolkit in the page's current document (again after a navigation). */
export async function installToolkit(page: Page): Promise<void> {
  await page.evaluate(`window.__layout ??= (${toolkit.toString()})()`);
}
