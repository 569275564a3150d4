import type { RequestHandler } from 'express';
import { returnAddress } from '../../contract/return-address';
import { renderTransfer } from '../pages/transfer';
import { type PageDeps, pageContext, sendPage } from './page-context';
import { consoleOrigin } from './site';

/**
 * The origins a visitor may be sent on to: the friendly links the site lists and
 * the console, each with its own scheme. Anything else (another host, another
 * scheme, a malformed address) gets the page that says the link cannot be
 * opened, with status 400.
 */
export function transferPage(deps: PageDeps & { console?: string }): RequestHandler {
  return async (req, res) => {
    const context = await pageContext(req, deps);
    const origins = [consoleOrigin(context, deps.console), ...context.friendlyLinks.map((link) => link.url)];
    const target = returnAddress(req.query.url, { origins }) ?? null;
    sendPage(res, renderTransfer(context, target), target ? 200 : 400);
  };
}
