import { type RawBuilder, sql } from 'kysely';
import { withoutControlCharacters } from '../../contract/html-characters';
import {
  MAX_KEYWORD_LENGTH,
  SEARCH_TYPES,
  type SearchQuery,
  type SearchResults,
  type SearchType,
} from '../../contract/search';
import { all, type Db, isPostgres, one } from '../db/query';

const MAX_TERMS = 5;
/** Trigram matching needs three characters; shorter words are found by a scan. */
const TRIGRAM = 3;
const SNIPPET_CHARS = 90;

/**
 * The words of a query: at most five, each distinct. Control characters (a NUL
 * ends an FTS5 string and PostgreSQL's text) are typing accidents or attacks:
 * dropped, never sent to the database.
 */
export function searchTerms(keyword: string): { keyword: string; terms: string[] } {
  const normalised = withoutControlCharacters(keyword).replace(/\s+/g, ' ').trim().slice(0, MAX_KEYWORD_LENGTH).trim();
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

type Condition = RawBuilder<unknown>;

/** FTS5's bm25 constants, and its column weights: titles 10, text 1. */
const K1 = 1.2;
const B = 0.75;
const TITLE_WEIGHT = 10;

/** A trigram index's tokens in a text: one per character that starts three. */
const tokens = (column: string) => sql`greatest(length(${sql.ref(column)}) - 2, 0)`;
/** How often `term` occurs in a column, whatever its case. */
const occurrences = (column: string, term: string) =>
  sql`((length(${sql.ref(column)}) - length(replace(lower(${sql.ref(column)}), lower(${term}), ''))) / ${sql.raw(`${[...term].length}.0`)})`;

/**
 * SQLite's ranking on PostgreSQL: FTS5's bm25 (k1 1.2, b 0.75) over the trigram
 * tokens of title and text, titles weighing 10, so the same words rank the same
 * rows in the same order on both. Its inputs (rows, average length, and how
 * many rows hold each word) are read first; the score is then per row.
 */
async function bm25(db: Db, terms: string[]): Promise<RawBuilder<number>> {
  const stats = await one(
    db,
    sql<{ n: number; avgdl: number }>`SELECT count(*) AS n,
        coalesce(avg(${tokens('title')} + ${tokens('body')}), 0) AS avgdl FROM search_index`,
  );
  const rows = Number(stats?.n ?? 0);
  const avgdl = Number(stats?.avgdl) || 1;
  const parts = [];
  for (const term of terms) {
    const hits = Number(
      (await one(db, sql<{ n: number }>`SELECT count(*) AS n FROM search_index WHERE ${contains(term, 'ILIKE')}`))?.n,
    );
    // FTS5 keeps a word in every row from counting against the rest.
    const idf = Math.max(Math.log((rows - hits + 0.5) / (hits + 0.5)), 1e-6);
    const number = (value: number) => sql`CAST(${value} AS DOUBLE PRECISION)`;
    const frequency = sql`(${number(TITLE_WEIGHT)} * ${occurrences('title', term)} + ${occurrences('body', term)})`;
    parts.push(
      sql`${number(idf)} * (${frequency} * ${number(K1 + 1)}) / (${frequency} + ${number(K1)} *
        (${number(1 - B)} + ${number(B)} * (${tokens('title')} + ${tokens('body')}) / ${number(avgdl)}))`,
    );
  }
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

/** Where a term occurs as a substring, in the title or the text; LIKE ignores ASCII case, ILIKE any case. */
const contains = (term: string, like: 'LIKE' | 'ILIKE'): Condition => {
  const pattern = likePattern(term);
  return sql`(title ${sql.raw(like)} ${pattern} ESCAPE '\\' OR body ${sql.raw(like)} ${pattern} ESCAPE '\\')`;
};

/**
 * Full-text search over products, solutions, cases and news; every word must
 * occur. SQLite: words of three or more characters go through the FTS5 trigram
 * index (ranked by bm25, titles weighing most); one- and two-character words,
 * common in Chinese queries, are matched by LIKE over the same table.
 * PostgreSQL: every word is an ILIKE, which the pg_trgm GIN indexes serve from
 * three characters on (shorter ones scan, as on SQLite), ranked by the same
 * bm25 as SQLite's (`bm25` below).
 */
export class SearchStore {
  constructor(private readonly db: Db) {}

  async search(query: SearchQuery): Promise<SearchResults> {
    const { keyword, terms } = searchTerms(query.keyword);
    const empty = { keyword, terms, total: 0, page: query.page, pageSize: query.pageSize };
    if (terms.length === 0) return { ...empty, groups: [] };

    const long = terms.filter((t) => [...t].length >= TRIGRAM);
    const short = terms.filter((t) => [...t].length < TRIGRAM);
    const titleHas = (term: string, like: 'LIKE' | 'ILIKE') =>
      sql`(title ${sql.raw(like)} ${likePattern(term)} ESCAPE '\\')`;
    let where: Condition[];
    let order: Condition;
    if (isPostgres(this.db)) {
      where = terms.map((term) => contains(term, 'ILIKE'));
      order = long.length
        ? sql`${await bm25(this.db, long)} DESC, id`
        : sql`${titleHas(terms[0] as string, 'ILIKE')} DESC, id`;
    } else {
      where = short.map((term) => contains(term, 'LIKE'));
      if (long.length) where.unshift(sql`search_index MATCH ${long.map(phrase).join(' AND ')}`);
      order = long.length
        ? sql`bm25(search_index, 0, 0, 10, 1)`
        : sql`${titleHas(terms[0] as string, 'LIKE')} DESC, rowid`;
    }
    const condition = sql.join(where, sql` AND `);

    const counts = new Map(
      (
        await all(
          this.db,
          sql<{
            type: SearchType;
            n: number;
          }>`SELECT type, count(*) AS n FROM search_index WHERE ${condition} GROUP BY type`,
        )
      ).map((row) => [row.type, Number(row.n)]),
    );
    const types = query.type ? [query.type] : SEARCH_TYPES;
    const groups = [];
    for (const type of types) {
      const total = counts.get(type) ?? 0;
      const offset = query.type ? (query.page - 1) * query.pageSize : 0;
      const rows = total
        ? await all(
            this.db,
            sql<{ type: SearchType; id: number; title: string; body: string }>`SELECT type, ref AS id, title, body
              FROM search_index WHERE ${condition} AND type = ${type}
              ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${offset}`,
          )
        : [];
      groups.push({
        type,
        total,
        hits: rows.map((row) => ({ type, id: Number(row.id), title: row.title, snippet: snippet(row.body, terms) })),
      });
    }
    return { ...empty, total: groups.reduce((sum, group) => sum + group.total, 0), groups };
  }
}
