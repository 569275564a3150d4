import type { DataSources } from '../contract/sources';
import type { HostConfig } from './config';
import { remoteContent } from './data/content';
import { remoteFeedback } from './data/feedback';
import { keptSiteData } from './data/kept-site-data';
import { noSiteData, remoteSiteData } from './data/site-data';
import { DEFAULT_UPSTREAM_TIMEOUT_MS } from './data/upstream';
import { remoteEnvironment } from './environments';
import type { HostMetrics } from './metrics';
import type { PageAssets } from './pages/assets';
import type { PageDeps } from './routes/page-context';

export interface PageSourceOptions extends Partial<Pick<HostConfig, 'env' | 'servers' | 'upstreamTimeoutMs'>> {
  /** The embedded back-end's data, read in process (`local`). */
  sources?: DataSources;
  /** Outside `local`: how long the common data and friendly links are kept before a refresh. */
  remoteFreshMs?: number;
  metrics?: HostMetrics;
}

/**
 * Where the pages read their data: the embedded back-end in process, or outside
 * `local` the environment's servers (each replaceable by a setting), called
 * within a deadline; with neither, pages without content.
 */
export function pageSources(
  options: PageSourceOptions,
  assets: PageAssets,
): { upstream?: ReturnType<typeof remoteEnvironment>; deps: PageDeps & Partial<DataSources> & { console?: string } } {
  if (options.sources) {
    const { siteData, changes } = options.sources;
    return { deps: { assets, ...options.sources, siteData: keptSiteData(siteData, changes) } };
  }
  const { env, metrics } = options;
  const upstream = !env || env === 'local' ? undefined : remoteEnvironment(env, options.servers);
  if (!upstream) return { deps: { assets, siteData: noSiteData } };
  const deadline = {
    timeoutMs: options.upstreamTimeoutMs,
    onFailure: metrics && ((kind: 'unreachable' | 'rejected') => metrics.upstreamError(kind)),
  };
  return {
    upstream,
    deps: {
      assets,
      siteData: remoteSiteData(upstream, { ...deadline, freshMs: options.remoteFreshMs }),
      content: remoteContent(upstream, deadline),
      feedback: remoteFeedback(upstream, deadline),
      console: upstream.console,
      renderDeadlineMs: options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
    },
  };
}
