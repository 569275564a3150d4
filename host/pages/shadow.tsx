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
}

/**
 * A portal element rendered by the server as declarative shadow DOM: complete
 * without scripts, styled in its own root, and adopted by the element when its
 * code arrives (see widgets/core/define.ts), so nothing moves.
 */
export function ShadowElement({ tag, attributes = {}, css, noscriptCss, children }: ShadowElementProps) {
  // Allowed by the page's CSP through the hash of its text (see pages/assets.ts).
  const style = (text: string) => `<style ${SERVER_STYLE_ATTRIBUTE}>${text}</style>`;
  const noscript = noscriptCss ? `<noscript>${style(noscriptCss)}</noscript>` : '';
  const content =
    children && typeof children === 'object' && 'html' in children
      ? children.html
      : renderToStaticMarkup(createElement(Fragment, null, children));
  const inner = `${style(css)}${noscript}${content}`;
  return createElement(
    tag,
    attributes,
    <template {...{ shadowrootmode: 'open' }} dangerouslySetInnerHTML={{ __html: inner }} />,
  );
}
