import {
  MAX_KEYWORD_LENGTH,
  SEARCH_TYPES,
  type SearchQuery,
  type SearchResults,
  type SearchType,
} from '../../contract/search';
import type { Db } from '../db/connection';

const MAX_TERMS = 5;
/** Trigram matching needs three characters; shorter words are found by a scan. */
const TRIGRAM = 3;
const SNIPPET_CHARS = 90;

/** The words of a query: at most five, each distinct. */
export function searchTerms(keyword: string): { keyword: string; terms: string[] } {
  const normalised = keyword.replace(/\s+/g, ' ').trim().slice(0, MAX_KEYWORD_LENGTH).trim();
  const terms = [...new Set(normalised.split(' ').filter(Boolean))].slice(0, MAX_TERMS);
  return { keyword: normalised, terms };
}

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;
const phrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/** Plain text around the first match of any term. */
export function snippet(text: string, terms: string[]): string {
  const lower = text.toLowerCase();
  const at = Math.min(...terms.map((t) => lower.indexOf(t.toLowerCase())).filter((i) => i >= 0), Infinity);
  const start = at === Infinity ? 0 : Math.max(0, at - Math.floor(SNIPPET_CHARS / 3));
  const cut = text.slice(start, start + SNIPPET_CHARS);
  return `${start > 0 ? '…' : ''}${cut}${start + SNIPPET_CHARS < text.length ? '…' : ''}`;
}

/**
 * Full-text search over products, solutions, cases and news. Words of three or
 * more characters go through the FTS5 trigram index (ranked by bm25, titles
 * weighing most); one- and two-character words, common in Chinese queries, are
 * matched by LIKE over the same table. All words must occur.
 */
export class SearchStore {
  constructor(private readonly db: Db) {}

  search(query: SearchQuery): SearchResults {
    const { keyword, terms } = searchTerms(query.keyword);
    const empty = { keyword, terms, total: 0, page: query.page, pageSize: query.pageSize };
    if (terms.length === 0) return { ...empty, groups: [] };

    const long = terms.filter((t) => [...t].length >= TRIGRAM);
    const short = terms.filter((t) => [...t].length < TRIGRAM);
    const where: string[] = [];
    const params: Record<string, string | number> = { first: likePattern(terms[0] as string) };
    if (long.length) {
      where.push('search_index MATCH @match');
      params.match = long.map(phrase).join(' AND ');
    }
    short.forEach((term, index) => {
      where.push(`(title LIKE @like${index} ESCAPE '\\' OR body LIKE @like${index} ESCAPE '\\')`);
      params[`like${index}`] = likePattern(term);
    });
    const condition = where.join(' AND ');
    const order = long.length ? 'bm25(search_index, 0, 0, 10, 1)' : "(title LIKE @first ESCAPE '\\') DESC, rowid";

    const counts = new Map(
      (
        this.db
          .prepare(`SELECT type, count(*) AS n FROM search_index WHERE ${condition} GROUP BY type`)
          .all(params) as Array<{ type: SearchType; n: number }>
      ).map((row) => [row.type, row.n]),
    );
    const hitsOf = this.db.prepare(
      `SELECT type, ref AS id, title, body FROM search_index WHERE ${condition} AND type = @type
       ORDER BY ${order} LIMIT @limit OFFSET @offset`,
    );
    const types = query.type ? [query.type] : SEARCH_TYPES;
    const groups = types.map((type) => {
      const total = counts.get(type) ?? 0;
      const rows = total
        ? (hitsOf.all({
            ...params,
            type,
            limit: query.pageSize,
            offset: query.type ? (query.page - 1) * query.pageSize : 0,
          }) as Array<{ type: SearchType; id: number; title: string; body: string }>)
        : [];
      return {
        type,
        total,
        hits: rows.map((row) => ({ type, id: Number(row.id), title: row.title, snippet: snippet(row.body, terms) })),
      };
    });
    return { ...empty, total: groups.reduce((sum, group) => sum + group.total, 0), groups };
  }
}
