import { isSuccess, payloadOf } from '../../contract/envelope';
import type { PortalEnvironment } from '../../contract/environments';
import type { SearchQuery } from '../../contract/search';
import type { ContentSource } from '../../contract/sources';
import { callUpstream, UpstreamFailure, type UpstreamOptions } from './upstream';

export type { ContentSource } from '../../contract/sources';

/**
 * Other environments: the same reads over the portal API (the paths the embedded
 * back-end serves, documented in /api/openapi.json), each within the upstream
 * deadline. 404 means unknown; any other failure rejects with an
 * `UpstreamFailure`, which the page answers with its error page.
 */
export function remoteContent(env: Pick<PortalEnvironment, 'api'>, upstream: UpstreamOptions = {}): ContentSource {
  async function get<T>(path: string, query: Record<string, unknown> = {}): Promise<T | undefined> {
    const url = new URL(path, env.api.portal);
    for (const [key, value] of Object.entries(query))
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    const { status, body } = await callUpstream(url, { headers: { Accept: 'application/json' } }, upstream);
    if (status === 404) return undefined;
    if (status >= 300 || !isSuccess(body))
      throw new UpstreamFailure('rejected', `${path} answered ${status} ${(body as { code?: unknown } | null)?.code}`);
    return payloadOf(body) as T;
  }
  async function list<T>(path: string, query?: Record<string, unknown>): Promise<T> {
    const value = await get<T>(path, query);
    if (value === undefined) throw new UpstreamFailure('rejected', `${path} is missing`);
    return value;
  }
  const one = (path: string) => encodeURIComponent(path);

  return {
    productCategories: () => list('/api/product-categories'),
    products: (filter) => list('/api/products', filter),
    product: (key) => get(`/api/products/${one(String(key))}`),
    solutions: (filter) => list('/api/solutions', filter),
    solution: (key) => get(`/api/solutions/${one(String(key))}`),
    cases: (filter) => list('/api/cases', filter),
    caseById: (id) => get(`/api/cases/${id}`),
    newsCategories: () => list('/api/news-categories'),
    news: (filter) => list('/api/news', filter),
    newsItem: (id) => get(`/api/news/${id}`),
    innovationCategories: () => list('/api/innovate/category'),
    programme: (id, template) => get(`/api/innovate/${template}/${id}`),
    sections: (page) => list(`/api/pages/${page}`),
    helpArticles: () => list('/api/help'),
    helpArticle: (id) => get(`/api/help/${id}`),
    infoPages: () => list('/api/info'),
    infoPage: (id) => get(`/api/info/${id}`),
    films: (year) => list('/api/films', { year }),
    film: (year, name) => get(`/api/films/${year}/${one(name)}`),
    topic: (slug) => get(`/api/topics/${one(slug)}`),
    search: (query: SearchQuery) => list('/api/search', { ...query }),
    wjUrl: async () => (await get<{ url: string | null }>('/api/wjUrl'))?.url ?? null,
  };
}
