import type { RequestHandler } from 'express';
import * as v from 'valibot';
import { SEARCH_TYPES, type SearchType } from '../../contract/search';
import type { ContentSource } from '../data/content';
import { renderSearch, SEARCH_GROUP_SIZE, SEARCH_PAGE_SIZE } from '../pages/search';
import { contentPage, type PageDeps } from './page-context';
import { missing, pageOf, queryText } from './params';

const isType = (value: string): value is SearchType => v.is(v.picklist(SEARCH_TYPES), value);

/** The query parameters a search page reads: the rest do not change it. */
export const SEARCH_READS = ['keyword', 'type', 'page'] as const;

/** `/searchRes?keyword=&type=&page=`: all types grouped, or one type paged. */
export function searchPage(deps: PageDeps & { content: ContentSource }): RequestHandler {
  return contentPage(
    deps,
    async (req, context, content) => {
      const keyword = queryText(req.query.keyword).slice(0, 200);
      const typeText = queryText(req.query.type);
      if (typeText && !isType(typeText)) throw missing();
      const type = typeText ? (typeText as SearchType) : undefined;
      const page = pageOf(req);
      if (!keyword.trim()) return renderSearch(context, { results: null });
      const all = await content.search({ keyword, page: 1, pageSize: SEARCH_GROUP_SIZE });
      const counts = Object.fromEntries(all.groups.map((g) => [g.type, g.total])) as Record<SearchType, number>;
      if (!type) return renderSearch(context, { results: all, counts });
      const one = await content.search({ keyword, type, page, pageSize: SEARCH_PAGE_SIZE });
      if (page > 1 && (one.groups[0]?.hits.length ?? 0) === 0) throw missing();
      return renderSearch(context, { results: one, type, counts });
    },
    // Every word makes another page: one is kept only once asked for again (and
    // pages are limited per address, rate-limit.ts).
    { keep: 'when-asked-again', reads: SEARCH_READS },
  );
}
