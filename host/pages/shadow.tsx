import type { ReactNode } from 'react';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SERVER_STYLE_ATTRIBUTE } from '../../contract/server-rendering';

export interface ShadowElementProps {
  tag: string;
  attributes?: Record<string, string | undefined>;
  css: string;
  /** Styles for visitors without scripts, in a `<noscript>`: scripted pages never apply them. */
  noscriptCss?: string;
  /** The shadow content: components, or markup the element itself builds as a string. */
  children: ReactNode | { html: string };
  /**
   * The shadow root's markup is rendered once and kept for every page with the same
   * data and key (`keptMarkup`): the chrome, which only the common data, the
   * language, theme and device, and the active menu entry change.
   */
  kept?: KeptBy;
}

/** What a kept shadow root is rendered from: the objects it reads (the data, the assets) and the rest as a key. */
export interface KeptBy {
  objects: ReadonlyArray<object | null>;
  key: string;
}

/** Standing in for a missing object (no common data): its roots are kept too. */
const NONE = {};
/** Keys per data kept: far more than the chrome's variants, so a key made of request input cannot fill memory. */
const MOST_KEYS = 64;
/** Whether roots are kept at all: tests compare a page with one rendered afresh. */
export const keeping = { on: true };

/** A level per object: the markup by key of what reads no more objects, and the next level by object. */
interface Level {
  byKey: Map<string, string>;
  next: WeakMap<object, Level>;
}
const newLevel = (): Level => ({ byKey: new Map(), next: new WeakMap() });
const keptRoots = newLevel();

/**
 * Markup kept per objects (by identity, weakly: new common data leaves the old
 * roots to the collector) and key; rendered when not kept yet.
 */
export function keptMarkup({ objects, key }: KeptBy, render: () => string): string {
  if (!keeping.on) return render();
  let level = keptRoots;
  for (const object of objects) {
    const of = object ?? NONE;
    const next = level.next.get(of) ?? newLevel();
    level.next.set(of, next);
    level = next;
  }
  const found = level.byKey.get(key);
  if (found !== undefined) return found;
  const markup = render();
  if (level.byKey.size < MOST_KEYS) level.byKey.set(key, markup);
  return markup;
}

/**
 * A portal element rendered by the server as declarative shadow DOM: complete
 * without scripts, styled in its own root, and adopted by the element when its
 * code arrives (see widgets/core/define.ts), so nothing moves.
 */
export function ShadowElement({ tag, attributes = {}, css, noscriptCss, children, kept }: ShadowElementProps) {
  const rendered = () => {
    // Allowed by the page's CSP through the hash of its text (see pages/assets.ts).
    const style = (text: string) => `<style ${SERVER_STYLE_ATTRIBUTE}>${text}</style>`;
    const noscript = noscriptCss ? `<noscript>${style(noscriptCss)}</noscript>` : '';
    const content =
      children && typeof children === 'object' && 'html' in children
        ? children.html
        : renderToStaticMarkup(createElement(Fragment, null, children));
    return `${style(css)}${noscript}${content}`;
  };
  const inner = kept ? keptMarkup({ objects: kept.objects, key: `${tag} ${kept.key}` }, rendered) : rendered();
  return createElement(
    tag,
    attributes,
    <template {...{ shadowrootmode: 'open' }} dangerouslySetInnerHTML={{ __html: inner }} />,
  );
}
