import type { Response } from 'express';
import type { PageAssets } from '../pages/assets';
import type { PageContext } from '../pages/document';

/** What a page needs from the response it is rendered into. */
export function pageContext(res: Response, assets: PageAssets): PageContext {
  return { nonce: res.locals.cspNonce as string, assets };
}

/** Sends a rendered page; pages are personalised by nothing but the nonce, so never cached shared. */
export function sendPage(res: Response, html: string, status = 200): void {
  res.status(status).type('html').setHeader('Cache-Control', 'no-cache').send(html);
}
