import type {
  CaseDetail,
  CaseSummary,
  Film,
  HelpArticle,
  HelpArticleSummary,
  InfoPage,
  InfoSummary,
  InnovationCategory,
  NewsCategory,
  NewsDetail,
  NewsSummary,
  Page,
  PageSection,
  Product,
  ProductCategory,
  ProductSummary,
  Programme,
  ProgrammeTemplate,
  SectionPage,
  Solution,
  SolutionSummary,
  Topic,
} from './content';
import type { Feedback } from './feedback';
import type { FriendlyLink, PageCommon } from './page-data';
import type { SearchQuery, SearchResults } from './search';

/**
 * What the pages read and write, whoever keeps it: the embedded back-end in
 * process (`local`), or the portal API over HTTP (other environments). The host
 * renders from these and nothing else.
 */

type Paging = { page: number; pageSize: number };

/** The content the pages show. Each lookup resolves `undefined` for an unknown id; failures reject. */
export interface ContentSource {
  productCategories(): Promise<ProductCategory[]>;
  products(filter: Paging & { categoryId?: number }): Promise<Page<ProductSummary>>;
  /** By id or association number. */
  product(key: number | string): Promise<Product | undefined>;
  solutions(filter: Paging): Promise<Page<SolutionSummary>>;
  solution(key: number | string): Promise<Solution | undefined>;
  cases(filter: Paging & { industry?: string }): Promise<Page<CaseSummary>>;
  caseById(id: number): Promise<CaseDetail | undefined>;
  newsCategories(): Promise<NewsCategory[]>;
  news(filter: Paging & { categoryId?: number }): Promise<Page<NewsSummary>>;
  newsItem(id: number): Promise<NewsDetail | undefined>;
  innovationCategories(): Promise<InnovationCategory[]>;
  programme<T extends ProgrammeTemplate>(categoryId: number, template: T): Promise<Programme<T> | undefined>;
  sections(page: SectionPage): Promise<PageSection[]>;
  helpArticles(): Promise<HelpArticleSummary[]>;
  helpArticle(id: number): Promise<HelpArticle | undefined>;
  infoPages(): Promise<InfoSummary[]>;
  infoPage(id: number): Promise<InfoPage | undefined>;
  films(year?: number): Promise<Film[]>;
  film(year: number, name: string): Promise<Film | undefined>;
  topic(slug: string): Promise<Topic | undefined>;
  search(query: SearchQuery): Promise<SearchResults>;
  /** The questionnaire's address (SPEC §7 `/api/wjUrl`), or null when there is none. */
  wjUrl(): Promise<string | null>;
}

/** What every page's chrome shows. */
export interface SiteData {
  /** `null` when it cannot be had: pages render without it (SPEC §8). */
  pageCommon(): Promise<PageCommon | null>;
  /** Rejects when they cannot be had: unlike the common data, that failure is shown (SPEC §8). */
  friendlyLinks(): Promise<FriendlyLink[]>;
}

/** Where the feedback form's entries go. */
export interface FeedbackSink {
  /** Resolves once the entry is stored; rejects when it could not be. */
  submit(entry: Feedback, page: string | null): Promise<void>;
}

/** Everything the host reads and writes, from one place. */
export interface DataSources {
  content: ContentSource;
  siteData: SiteData;
  feedback: FeedbackSink;
}
