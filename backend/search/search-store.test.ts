import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { PortalDatabase } from '../db/connection';
import { all, one } from '../db/query';
import { postgresDatabase, sqliteDatabase, testDatabases } from '../test-support/databases';
import { plainText } from './search-index';
import { SearchStore, searchTerms, snippet } from './search-store';

for (const target of testDatabases) {
  describe(`site search on ${target.name}`, { skip: target.skip }, () => {
    let database: PortalDatabase;
    let store: SearchStore;
    let rows: Array<Record<string, string>>;
    before(async () => {
      database = await target.open();
      store = new SearchStore(database.db);
      rows = await all(database.db, sql<Record<string, string>>`SELECT type, title, body FROM search_index`);
    });
    after(() => database?.close());

    const titles = async (keyword: string, type?: 'product' | 'solution' | 'case' | 'news') =>
      (await store.search({ keyword, type, page: 1, pageSize: 50 })).groups.flatMap((group) =>
        group.hits.map((hit) => `${hit.type}:${hit.title}`),
      );

    /** The truth: every indexed row whose title or text contains each word. */
    function expected(keyword: string): Set<string> {
      const { terms } = searchTerms(keyword);
      if (terms.length === 0) return new Set();
      return new Set(
        rows
          .filter((row) => terms.every((t) => `${row.title} ${row.body}`.toLowerCase().includes(t.toLowerCase())))
          .map((row) => `${row.type}:${row.title}`),
      );
    }

    it('indexes every product, solution, case and news item once', async () => {
      const count = async (table: string) =>
        Number((await one(database.db, sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`))?.n);
      const content =
        (await count('products')) + (await count('solutions')) + (await count('cases')) + (await count('news'));
      assert.ok(content > 40);
      assert.equal(await count('search_index'), content);
    });

    for (const keyword of ['云', '电池', '设备联网', '能源管理', 'MES', 'mes', 'OPC UA', '质检 AI']) {
      it(`finds exactly the items containing “${keyword}”`, async () => {
        const found = await store.search({ keyword, page: 1, pageSize: 50 });
        const want = expected(keyword);
        assert.ok(want.size > 0, `the seed should contain “${keyword}”`);
        assert.equal(found.total, want.size);
        const all = new Set(
          (
            await Promise.all((['product', 'solution', 'case', 'news'] as const).map((type) => titles(keyword, type)))
          ).flat(),
        );
        assert.deepEqual(all, want);
      });
    }

    it('finds one- and two-character Chinese words that the trigram index cannot', async () => {
      assert.ok((await store.search({ keyword: '锂', page: 1, pageSize: 5 })).total > 0);
      assert.ok((await store.search({ keyword: '锂电', page: 1, pageSize: 5 })).total > 0);
    });

    it('ranks title matches first', async () => {
      const [first] = await titles('能源管理', 'product');
      assert.match(first ?? '', /能源管理/);
      // Two characters: no index ranks them, titles holding the word come first all the same.
      const hits = await titles('电池', 'case');
      const inTitle = hits.filter((hit) => hit.includes('电池')).length;
      assert.ok(inTitle > 0 && hits.slice(0, inTitle).every((hit) => hit.includes('电池')), hits.join('\n'));
    });

    it('answers nothing for misses, blanks and query syntax', async () => {
      for (const keyword of ['量子纠缠咖啡机', '   ', '"', 'AND OR NOT', '*', '%', '_', '\\', 'a"b', 'NEAR(a b)'])
        assert.equal((await store.search({ keyword, page: 1, pageSize: 10 })).total, expected(keyword).size, keyword);
    });

    it('pages a type without repeating or skipping', async () => {
      const everything = await titles('云', 'news');
      const pages = [];
      for (const page of [1, 2, 3, 4, 5, 6])
        pages.push(...((await store.search({ keyword: '云', type: 'news', page, pageSize: 4 })).groups[0]?.hits ?? []));
      assert.deepEqual(
        pages.map((hit) => `news:${hit.title}`),
        everything.slice(0, pages.length),
      );
    });

    it('never fails, whatever is typed', async () => {
      await fc.assert(
        fc.asyncProperty(fc.string({ maxLength: 80 }), async (keyword) => {
          const found = await store.search({ keyword, page: 1, pageSize: 5 });
          assert.ok(found.total >= 0);
          assert.ok(found.keyword.length <= 64);
        }),
        { numRuns: 300 },
      );
    });

    it('never fails on control characters or any other code point', async () => {
      for (const keyword of [
        'P2025001\u0000',
        '\u0000',
        'M\u0000ES',
        '"\u0000" OR *',
        '\u0001\u001f\u007f\u0085',
        '\ud800MES',
      ])
        assert.ok((await store.search({ keyword, page: 1, pageSize: 5 })).total >= 0, JSON.stringify(keyword));
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 40 }), async (keyword) => {
          assert.ok((await store.search({ keyword, page: 1, pageSize: 5 })).total >= 0);
        }),
        { numRuns: 200 },
      );
    });
  });
}

describe('site search on both databases', { skip: postgresDatabase.skip }, () => {
  let stores: SearchStore[];
  let titles: string[];
  const databases: PortalDatabase[] = [];
  before(async () => {
    for (const target of [sqliteDatabase, postgresDatabase]) databases.push(await target.open());
    stores = databases.map((database) => new SearchStore(database.db));
    titles = (await all(databases[0]!.db, sql<{ title: string }>`SELECT title FROM search_index ORDER BY rowid`)).map(
      (row) => row.title,
    );
  });
  after(() => Promise.all(databases.map((database) => database.close())));

  it('answers the same words with the same items in the same order, ranks included', async () => {
    // Pieces of every fourth title, one to five characters long, alone and in pairs.
    const pieces = titles
      .filter((_, index) => index % 4 === 0)
      .flatMap((title, index) => {
        const chars = [...title.replace(/\s+/g, '')];
        const size = (index % 5) + 1;
        return [chars.slice(0, size).join(''), chars.slice(-size).join('')];
      });
    const keywords = [
      ...pieces,
      ...pieces.slice(1).map((piece, index) => `${pieces[index]} ${piece}`),
      'mes',
      'OPC UA',
    ];
    for (const keyword of keywords)
      for (const type of [undefined, 'news'] as const) {
        const [onSqlite, onPostgres] = await Promise.all(
          stores.map((store) => store.search({ keyword, type, page: 1, pageSize: 50 })),
        );
        assert.deepEqual(onPostgres, onSqlite, keyword);
      }
  });
});

describe('site search text', () => {
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
