import type { ContentStore } from '../api/portal/content-store';

type Store = Pick<
  ContentStore,
  | 'productCategories'
  | 'products'
  | 'product'
  | 'solutions'
  | 'solution'
  | 'cases'
  | 'caseById'
  | 'newsCategories'
  | 'news'
  | 'newsItem'
>;

/** What the content pages read. Each method resolves `undefined` for an unknown id. */
export type ContentSource = { [K in keyof Store]: (...args: Parameters<Store[K]>) => Promise<ReturnType<Store[K]>> };

/** `local`: the embedded back-end's store, in process. */
export function embeddedContent(store: ContentStore): ContentSource {
  return {
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
  };
}
