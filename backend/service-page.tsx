import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { withoutControlCharacters } from '../contract/html-characters';

export interface ServicePage {
  nonce: string;
  /** The whole title. */
  title: string;
  /** The page's own style sheet, allowed by the nonce. */
  style: string;
  /** The icon's address; by default none is fetched (`data:,`). */
  icon?: string;
  head?: ReactNode;
  children: ReactNode;
}

/**
 * A page of one of the embedded back-end's own services (the account service,
 * the agent inbox, the local console): none of the portal's chrome, kept out of
 * search engines, styled by its own sheet under this response's nonce.
 */
export function renderServicePage({ nonce, title, style, icon = 'data:,', head, children }: ServicePage): string {
  return withoutControlCharacters(
    `<!doctype html>${renderToStaticMarkup(
      <html lang="zh-CN">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <link rel="icon" href={icon} type={icon.endsWith('.svg') ? 'image/svg+xml' : undefined} />
          <title>{title}</title>
          <style nonce={nonce} dangerouslySetInnerHTML={{ __html: style }} />
          {head}
        </head>
        <body>{children}</body>
      </html>,
    )}`,
  );
}
