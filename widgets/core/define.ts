import r2wc from '@r2wc/core';
import { type ComponentType, createElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SERVER_STYLE_ATTRIBUTE } from '../../contract/server-rendering';

/** Props every portal component receives besides its own attributes. */
export interface ElementProps {
  /** The custom element itself: the target of the events the component emits. */
  host: HTMLElement;
}

type PropType = 'string' | 'number' | 'boolean' | 'json' | 'function' | 'method';

export interface DefineOptions<P> {
  /** Props mirrored from kebab-case attributes, with how each attribute is parsed. */
  props?: Partial<Record<Exclude<keyof P, 'host'>, PropType>>;
  /**
   * CSS for the element's shadow root, adopted as a constructable stylesheet
   * (CSP-safe); or, for elements the server renders, what makes their sheet from
   * the first root (`serverStyles`, kept out of this runtime chunk).
   */
  styles?: string | ((root: ShadowRoot) => CSSStyleSheet);
}

const sheetOf = (css: string) => {
  const sheet = new CSSStyleSheet();
  // Optional: jsdom has the constructor but not this (issue #34); there the element goes unstyled.
  sheet.replaceSync?.(css);
  return sheet;
};

type Root = ReturnType<typeof createRoot>;

interface Mounted {
  root?: Root;
  host: HTMLElement;
  Component: ComponentType<never>;
  /** The newest props, kept while a hydration waits for its task. */
  props: object;
}

// r2wc keeps its state under registered symbols; we reach them to reset a prop
// when its attribute is removed, which r2wc itself ignores.
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

const vnode = ({ Component, host }: Mounted, props: object) => createElement(Component, { ...props, host } as never);

/**
 * Renders into the shadow root; when the server already rendered it (declarative
 * shadow DOM), hydrates that markup instead of replacing it, so nothing moves and
 * focus stays where it was. The hydration waits for a task of its own: the
 * attributes and properties set right after the upgrade are in by then, and
 * elements upgraded together hydrate one task each, not in one long task.
 */
const renderer = {
  mount(container: HTMLElement, Component: ComponentType<never>, props: object): Mounted {
    const host = container instanceof ShadowRoot ? (container.host as HTMLElement) : container;
    const mounted: Mounted = { host, Component, props };
    const serverRendered = [...container.children].some((child) => !child.hasAttribute(SERVER_STYLE_ATTRIBUTE));
    if (!serverRendered) {
      mounted.root = createRoot(container);
      mounted.root.render(vnode(mounted, props));
      return mounted;
    }
    setTimeout(() => {
      // The adopted stylesheet carries the same rules: the inline copy can go, and
      // so can the styles for visitors without scripts.
      // (`:scope >` matches nothing in a shadow root: walk its children instead.)
      for (const node of [...container.children]) {
        if (node.matches(`style[${SERVER_STYLE_ATTRIBUTE}], noscript`)) node.remove();
      }
      mounted.root = hydrateRoot(container, vnode(mounted, mounted.props));
    });
    return mounted;
  },
  update(mounted: Mounted, props: object) {
    mounted.props = props;
    mounted.root?.render(vnode(mounted, props));
  },
  unmount({ root }: Mounted) {
    root?.unmount();
  },
};

const camelCase = (attribute: string) => attribute.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

type R2wcInternals = HTMLElement & {
  [PROPS]: Record<string, unknown>;
  [RENDER](): void;
  attributeChangedCallback(name: string, old: string | null, value: string | null): void;
};

/**
 * Turns a component into a custom element with an open shadow root and registers it
 * under `tag`, unless that tag is already defined (a page may load the bundle twice).
 */
export function defineElement<P extends ElementProps>(
  tag: string,
  Component: ComponentType<P>,
  options: DefineOptions<P> = {},
): CustomElementConstructor {
  const existing = customElements.get(tag);
  if (existing) return existing;

  const Base = r2wc(
    Component as never,
    { shadow: 'open', props: options.props as never },
    renderer as never,
  ) as unknown as {
    new (): R2wcInternals;
  };
  let sheet: CSSStyleSheet | undefined;

  class PortalElement extends Base {
    // A declarative shadow root from the server is kept, not emptied: r2wc asks
    // for a root in its constructor, and the browser's attachShadow would clear it.
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      return this.shadowRoot ?? super.attachShadow(init);
    }

    constructor() {
      super();
      for (const name of (this.constructor as unknown as { observedAttributes: string[] }).observedAttributes) {
        if (this.getAttribute(name) === '') this[PROPS][camelCase(name)] = '';
      }
      const { styles } = options;
      if (styles !== undefined && this.shadowRoot) {
        sheet ??= typeof styles === 'string' ? sheetOf(styles) : styles(this.shadowRoot);
        this.shadowRoot.adoptedStyleSheets = [sheet];
      }
    }

    // r2wc ignores a removed attribute and an empty one; HTML means "off" and "on".
    override attributeChangedCallback(name: string, old: string | null, value: string | null) {
      if (value) return super.attributeChangedCallback(name, old, value);
      if (value === null) delete this[PROPS][camelCase(name)];
      else this[PROPS][camelCase(name)] = '';
      this[RENDER]();
    }
  }

  customElements.define(tag, PortalElement);
  return PortalElement;
}
