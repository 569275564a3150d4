import * as v from 'valibot';

/** What a search hit points at; each type has its own page. */
export const SEARCH_TYPES = ['product', 'solution', 'case', 'news'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** The longest query, in characters; longer ones are cut. */
export const MAX_KEYWORD_LENGTH = 64;

export interface SearchQuery {
  keyword: string;
  type?: SearchType;
  page: number;
  pageSize: number;
}

const count = v.pipe(v.number(), v.integer());

export const searchHitSchema = v.object({
  type: v.picklist(SEARCH_TYPES),
  id: count,
  title: v.string(),
  /** Plain text around the first match, for the result line. */
  snippet: v.string(),
});
export type SearchHit = v.InferOutput<typeof searchHitSchema>;

export const searchGroupSchema = v.object({
  type: v.picklist(SEARCH_TYPES),
  total: count,
  hits: v.array(searchHitSchema),
});
export type SearchGroup = v.InferOutput<typeof searchGroupSchema>;

export const searchResultsSchema = v.object({
  /** The query as it was understood: trimmed, spaces collapsed, cut to the maximum length. */
  keyword: v.string(),
  /** The words matched (all must occur), for highlighting. */
  terms: v.array(v.string()),
  total: count,
  /** Per type, in the order of SEARCH_TYPES; only the asked type when one was given. */
  groups: v.array(searchGroupSchema),
  page: count,
  pageSize: count,
});
export type SearchResults = v.InferOutput<typeof searchResultsSchema>;
