import type * as content from './content';
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
  productCategories(): Promise<content.ProductCategory[]>;
  products(filter: Paging & { categoryId?: number }): Promise<content.Page<content.ProductSummary>>;
  /** By id or association number. */
  product(key: number | string): Promise<content.Product | undefined>;
  solutions(filter: Paging): Promise<content.Page<content.SolutionSummary>>;
  solution(key: number | string): Promise<content.Solution | undefined>;
  cases(filter: Paging & { industry?: string }): Promise<content.Page<content.CaseSummary>>;
  caseById(id: number): Promise<content.CaseDetail | undefined>;
  newsCategories(): Promise<content.NewsCategory[]>;
  news(filter: Paging & { categoryId?: number }): Promise<content.Page<content.NewsSummary>>;
  newsItem(id: number): Promise<content.NewsDetail | undefined>;
  innovationCategories(): Promise<content.InnovationCategory[]>;
  programme<T extends content.ProgrammeTemplate>(
    categoryId: number,
    template: T,
  ): Promise<content.Programme<T> | undefined>;
  sections(page: content.SectionPage): Promise<content.PageSection[]>;
  helpArticles(): Promise<content.HelpArticleSummary[]>;
  helpArticle(id: number): Promise<content.HelpArticle | undefined>;
  infoPages(): Promise<content.InfoSummary[]>;
  infoPage(id: number): Promise<content.InfoPage | undefined>;
  films(year?: number): Promise<content.Film[]>;
  film(year: number, name: string): Promise<content.Film | undefined>;
  topic(slug: string): Promise<content.Topic | undefined>;
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

/**
 * The staff's view of what is not published yet: a page asked for with
 * `preview=true` by a signed-in staff member shows their drafts (SPEC §2, §6).
 */
export interface DraftPreview {
  /** The content with drafts in it, when the request's cookies are a staff member's who may draft; else undefined. */
  contentFor(cookieHeader: string | undefined): Promise<ContentSource | undefined>;
}

/** Published content changed: the paths of the pages it shows on (`*`: any page may have). */
export interface ContentChanges {
  onChange(listener: (paths: readonly string[]) => void): void;
}

/** Everything the host reads and writes, from one place. */
export interface DataSources {
  content: ContentSource;
  siteData: SiteData;
  feedback: FeedbackSink;
  /** Where the back-end keeps drafts (the embedded one): previews show them to staff. */
  drafts?: DraftPreview;
  /** Where published changes are announced, so kept pages showing them are dropped at once. */
  changes?: ContentChanges;
}
