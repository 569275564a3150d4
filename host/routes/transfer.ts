import type { RequestHandler } from 'express';
import { renderTransfer } from '../pages/transfer';
import { type PageDeps, pageContext, sendPage } from './page-context';
import { queryText } from './params';
import { consoleOrigin } from './site';

/**
 * The hosts a visitor may be sent on to: the friendly links the site lists and
 * the console. Anything else (another host, another scheme, a malformed address)
 * gets the page that says the link cannot be opened, with status 400.
 */
export function allowedTarget(raw: string, allowedHosts: Set<string>): URL | null {
  if (!raw || raw.length > 1024) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  return allowedHosts.has(url.host) ? url : null;
}

export function transferPage(deps: PageDeps & { console?: string }): RequestHandler {
  return async (req, res) => {
    const context = await pageContext(req, deps);
    const hosts = new Set<string>([new URL(consoleOrigin(context, deps.console)).host]);
    for (const link of context.friendlyLinks) {
      try {
        hosts.add(new URL(link.url).host);
      } catch {
        // A malformed friendly link allows nothing.
      }
    }
    const target = allowedTarget(queryText(req.query.url), hosts);
    sendPage(res, renderTransfer(context, target), target ? 200 : 400);
  };
}
