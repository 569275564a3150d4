import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ServerState } from '../../widgets/core/stores/server-state';
import { site } from '../data/site';
import { type PageAssets, preloadsFor } from './assets';
import { ServerStateScript } from './server-state';

export interface PageContext {
  nonce: string;
  assets: PageAssets;
}

export interface DocumentProps {
  title: string;
  description?: string;
  /** The `portal-*` tags in the body, so their code is preloaded in parallel. */
  elements: readonly string[];
  /** Data the page's widgets would otherwise fetch. */
  state?: ServerState;
  children: ReactNode;
}

function Document({
  title,
  description = site.description,
  elements,
  state = {},
  children,
  nonce,
  assets,
}: DocumentProps & PageContext) {
  return (
    <html lang={site.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: assets.css }} />
        <script src="/widgets/portal.js" async nonce={nonce} />
        {preloadsFor(assets.manifest, elements).map((href) => (
          <link rel="modulepreload" href={href} key={href} />
        ))}
      </head>
      <body>
        {children}
        <ServerStateScript state={{ theme: 'light', ...state }} />
      </body>
    </html>
  );
}

/** Renders a whole page to HTML. */
export function renderDocument(props: DocumentProps, context: PageContext): string {
  return `<!doctype html>${renderToStaticMarkup(<Document {...props} {...context} />)}`;
}
