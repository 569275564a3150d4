import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { type Db, openDatabase } from '../db/connection';
import { plainText } from './search-index';
import { SearchStore, searchTerms, snippet } from './search-store';

let dir: string;
let db: Db;
let store: SearchStore;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'portal-search-'));
  db = openDatabase(dir);
  store = new SearchStore(db);
});
after(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const titles = (keyword: string, type?: 'product' | 'solution' | 'case' | 'news') =>
  store
    .search({ keyword, type, page: 1, pageSize: 50 })
    .groups.flatMap((group) => group.hits.map((hit) => `${hit.type}:${hit.title}`));

/** The truth: every indexed row whose title or text contains each word. */
function expected(keyword: string): Set<string> {
  const { terms } = searchTerms(keyword);
  if (terms.length === 0) return new Set();
  const rows = db.prepare('SELECT type, title, body FROM search_index').all() as Array<Record<string, string>>;
  return new Set(
    rows
      .filter((row) => terms.every((t) => `${row.title} ${row.body}`.toLowerCase().includes(t.toLowerCase())))
      .map((row) => `${row.type}:${row.title}`),
  );
}

describe('site search', () => {
  it('indexes every product, solution, case and news item once', () => {
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    const content =
      count('SELECT count(*) AS n FROM products') +
      count('SELECT count(*) AS n FROM solutions') +
      count('SELECT count(*) AS n FROM cases') +
      count('SELECT count(*) AS n FROM news');
    assert.ok(content > 40);
    assert.equal(count('SELECT count(*) AS n FROM search_index'), content);
  });

  for (const keyword of ['云', '电池', '设备联网', '能源管理', 'MES', 'mes', 'OPC UA', '质检 AI']) {
    it(`finds exactly the items containing “${keyword}”`, () => {
      const found = store.search({ keyword, page: 1, pageSize: 50 });
      const want = expected(keyword);
      assert.ok(want.size > 0, `the seed should contain “${keyword}”`);
      assert.equal(found.total, want.size);
      const all = new Set((['product', 'solution', 'case', 'news'] as const).flatMap((type) => titles(keyword, type)));
      assert.deepEqual(all, want);
    });
  }

  it('finds one- and two-character Chinese words that the trigram index cannot', () => {
    assert.ok(store.search({ keyword: '锂', page: 1, pageSize: 5 }).total > 0);
    assert.ok(store.search({ keyword: '锂电', page: 1, pageSize: 5 }).total > 0);
  });

  it('ranks title matches first', () => {
    const [first] = titles('能源管理', 'product');
    assert.match(first ?? '', /能源管理/);
  });

  it('answers nothing for misses, blanks and query syntax', () => {
    for (const keyword of ['量子纠缠咖啡机', '   ', '"', 'AND OR NOT', '*', '%', '_', '\\', 'a"b', 'NEAR(a b)'])
      assert.equal(store.search({ keyword, page: 1, pageSize: 10 }).total, expected(keyword).size, keyword);
  });

  it('pages a type without repeating or skipping', () => {
    const all = titles('云', 'news');
    const pages = [1, 2, 3, 4, 5, 6].flatMap(
      (page) => store.search({ keyword: '云', type: 'news', page, pageSize: 4 }).groups[0]?.hits ?? [],
    );
    assert.deepEqual(
      pages.map((hit) => `news:${hit.title}`),
      all.slice(0, pages.length),
    );
  });

  it('never fails, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (keyword) => {
        const found = store.search({ keyword, page: 1, pageSize: 5 });
        assert.ok(found.total >= 0);
        assert.ok(found.keyword.length <= 64);
      }),
      { numRuns: 300 },
    );
  });

  it('cuts a snippet around the first match', () => {
    const text = `${'前'.repeat(100)}关键字${'后'.repeat(100)}`;
    const cut = snippet(text, ['关键字']);
    assert.ok(cut.startsWith('…') && cut.endsWith('…'));
    assert.ok(cut.includes('关键字'));
    assert.equal(snippet('短文本', ['无']), '短文本');
  });

  it('indexes text, not markup', () => {
    assert.equal(plainText('<p>设备&amp;数据</p><p>第二段<br>换行</p>'), '设备&数据 第二段 换行');
    assert.equal(plainText('<script>alert(1)</script>正文'), '正文');
  });
});
