import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { site } from '../data/site';
import { type PageAssets, preloadsFor } from './assets';

export interface PageContext {
  nonce: string;
  assets: PageAssets;
}

export interface DocumentProps {
  title: string;
  description?: string;
  /** The `portal-*` tags in the body, so their code is preloaded in parallel. */
  elements: readonly string[];
  children: ReactNode;
}

function Document({
  title,
  description = site.description,
  elements,
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
      <body>{children}</body>
    </html>
  );
}

/** Renders a whole page to HTML. */
export function renderDocument(props: DocumentProps, context: PageContext): string {
  return `<!doctype html>${renderToStaticMarkup(<Document {...props} {...context} />)}`;
}
