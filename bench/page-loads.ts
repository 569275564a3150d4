import { startPortalProcess } from '../e2e/portal-process';
import { BROWSER_ACCEPT_ENCODING, getRaw, type RawResponse } from './http';
import { startLimitServer } from './limit-server';
import { compare, type Encoding, warmUp } from './load';
import type { PageLoad } from './results';
import { ROUTES } from './routes';

/**
 * Pages measured in another condition than the main load runs (issue 33): kept
 * pages asked for with no Accept-Encoding, and pages rendered for every request
 * on a second portal started with PAGE_CACHE=off; each beside a limit server of
 * its own that replays what the portal sent in that condition.
 */

const log = (message: string) => console.error(`[bench] ${message}`);

/** The pages measured once more in another condition (`PageLoad`): few, each costs 12 s of the run's ten minutes. */
export const KEPT_PLAIN_ROUTES = ['home'];
export const RENDERED_ROUTES = ['home', 'product-detail'];

/**
 * Pages at 100 connections beside a limit server of their own, loaded with what
 * the portal answers them in this condition (`plain`: no Accept-Encoding asked for).
 */
export async function measurePages(portalUrl: string, ids: string[], encoding: Encoding): Promise<PageLoad[]> {
  const routes = ROUTES.filter((route) => ids.includes(route.id));
  const headers: Record<string, string> = encoding === 'browser' ? { 'accept-encoding': BROWSER_ACCEPT_ENCODING } : {};
  const captured = new Map<string, RawResponse>();
  for (const route of routes) {
    const response = await getRaw(portalUrl + route.path, headers);
    if (response.status !== 200) throw new Error(`GET ${route.path} answered ${response.status}`);
    captured.set(route.path, response);
  }
  const limit = await startLimitServer(captured);
  try {
    const loads: PageLoad[] = [];
    for (const { id, label, path } of routes) {
      await warmUp(portalUrl + path, encoding);
      await warmUp(limit.url + path, encoding);
      const c100 = await compare(portalUrl, limit.url, path, 100, encoding);
      loads.push({ id, label, path, c100 });
      log(
        `  ${label}: ${Math.round(c100.portal.requestsPerSecond)}/s at 100 connections, ${Math.round(c100.ratio * 100)} % of limit`,
      );
    }
    return loads;
  } finally {
    await limit.stop();
  }
}

/**
 * Rendering itself: a second portal that keeps no page (PAGE_CACHE=off), so every
 * request renders and compresses its page; its render limit out of the way (one address asks).
 */
export async function measureRendered(): Promise<PageLoad[]> {
  const portal = await startPortalProcess(3, {
    env: { PAGE_CACHE: 'off', RENDER_LIMIT_PER_ADDRESS: '9999999', DEMO_SITES: 'false' },
    ready: /Demo sites off/,
  });
  try {
    return await measurePages(portal.url, RENDERED_ROUTES, 'browser');
  } finally {
    await portal.stop();
  }
}
