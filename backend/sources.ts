import type { MediaUrl } from '../contract/media';
import type { ContentSource, DataSources } from '../contract/sources';
import type { FeedbackStore } from './feedback/feedback-store';
import type { ContentStore } from './portal/content-store';
import { buildPageCommon } from './portal/page-common';
import type { SearchStore } from './search/search-store';

/**
 * The embedded back-end as the host's data sources: its stores, in process, no
 * HTTP round trip. Reads resolve as the remote client's do.
 */
export function embeddedSources(stores: {
  content: ContentStore;
  search: SearchStore;
  feedback: FeedbackStore;
  mediaUrl: MediaUrl;
}): DataSources {
  const { content: store, search, feedback, mediaUrl } = stores;
  const content: ContentSource = {
    productCategories: async () => store.productCategories(),
    products: async (filter) => store.products(filter),
    product: async (key) => store.product(key),
    solutions: async (filter) => store.solutions(filter),
    solution: async (key) => store.solution(key),
    cases: async (filter) => store.cases(filter),
    caseById: async (id) => store.caseById(id),
    newsCategories: async () => store.newsCategories(),
    news: async (filter) => store.news(filter),
    newsItem: async (id) => store.newsItem(id),
    innovationCategories: async () => store.innovationCategories(),
    programme: async (id, template) => store.programme(id, template),
    sections: async (page) => store.sections(page),
    helpArticles: async () => store.helpArticles(),
    helpArticle: async (id) => store.helpArticle(id),
    infoPages: async () => store.infoPages(),
    infoPage: async (id) => store.infoPage(id),
    films: async (year) => store.films(year),
    film: async (year, name) => store.film(year, name),
    topic: async (slug) => store.topic(slug),
    search: async (query) => search.search(query),
    wjUrl: async () => (await store.setting<string>('wjUrl')) ?? null,
  };
  return {
    content,
    siteData: {
      pageCommon: async () => buildPageCommon(store, mediaUrl),
      friendlyLinks: async () => store.friendlyLinks(),
    },
    feedback: {
      submit: async (entry, page) => {
        await feedback.add(entry, page);
      },
    },
  };
}
