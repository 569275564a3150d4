import type { SearchGroup, SearchResults, SearchType } from '../../contract/search';
import { Breadcrumb, CategoryLinks, Pagination } from './content/parts';
import { type PageContext, renderDocument } from './document';

export const SEARCH_PAGE_SIZE = 10;
/** Hits per type when all types are shown together. */
export const SEARCH_GROUP_SIZE = 5;

const TYPES: Record<SearchType, { label: string; href: (id: number) => string }> = {
  product: { label: '产品', href: (id) => `/product/${id}` },
  solution: { label: '解决方案', href: (id) => `/solution/${id}` },
  case: { label: '案例', href: (id) => `/cases/${id}` },
  news: { label: '新闻', href: (id) => `/news/${id}` },
};

/** What to try when nothing matched, or nothing was asked. */
export const SUGGESTIONS = ['设备联网', 'MES', '能源管理', '锂电', '质检', '数字孪生'];

const searchHref = (keyword: string, type?: SearchType, page = 1) => {
  const query = new URLSearchParams({ keyword });
  if (type) query.set('type', type);
  if (page > 1) query.set('page', String(page));
  return `/searchRes?${query}`;
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with every occurrence of the terms marked; React escapes the rest. */
export function Highlight({ text, terms }: { text: string; terms: string[] }) {
  if (terms.length === 0) return <>{text}</>;
  const pattern = new RegExp(`(${terms.map(escapeRegExp).join('|')})`, 'gi');
  // split() with a capture group puts the matches at the odd indexes.
  return <>{text.split(pattern).map((part, index) => (index % 2 ? <mark key={index}>{part}</mark> : part))}</>;
}

function SearchForm({ keyword }: { keyword: string }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is announced by every screen reader; <search> is not yet.
    <form className="search-form" role="search" action="/searchRes" method="get">
      <label htmlFor="keyword">搜索关键词</label>
      <input
        id="keyword"
        name="keyword"
        type="search"
        defaultValue={keyword}
        maxLength={64}
        placeholder="产品、方案、案例或新闻"
      />
      <button className="button primary" type="submit">
        搜索
      </button>
    </form>
  );
}

function Suggestions() {
  return (
    <p className="suggestions">
      热门搜索：
      {SUGGESTIONS.map((word) => (
        <a key={word} href={searchHref(word)}>
          {word}
        </a>
      ))}
    </p>
  );
}

function Group({ group, results, all }: { group: SearchGroup; results: SearchResults; all: boolean }) {
  const type = TYPES[group.type];
  return (
    <section aria-labelledby={`group-${group.type}`} className="search-group">
      <h2 id={`group-${group.type}`}>
        {type.label}
        <span className="count">（{group.total}）</span>
      </h2>
      <ol className="search-hits">
        {group.hits.map((hit) => (
          <li key={hit.id}>
            <a href={type.href(hit.id)}>
              <Highlight text={hit.title} terms={results.terms} />
            </a>
            <p>
              <Highlight text={hit.snippet} terms={results.terms} />
            </p>
          </li>
        ))}
      </ol>
      {all && group.total > group.hits.length && (
        <p>
          <a href={searchHref(results.keyword, group.type)}>
            查看全部 {group.total} 条{type.label}结果
          </a>
        </p>
      )}
    </section>
  );
}

/** `/searchRes?keyword=&type=&page=`: results grouped by type, matches marked, paged per type. */
export function renderSearch(
  context: PageContext,
  data: { results: SearchResults | null; type?: SearchType; counts?: Record<SearchType, number> },
): string {
  const { results, type } = data;
  const keyword = results?.keyword ?? '';
  const groups = results?.groups.filter((group) => group.total > 0) ?? [];
  return renderDocument(
    {
      title: keyword ? `“${keyword}”的搜索结果 - 智造云` : '站内搜索 - 智造云',
      description: '搜索智造云的产品、解决方案、案例与新闻。',
      head: <meta name="robots" content="noindex, follow" />,
      children: (
        <main id="main" className="page search-page">
          <Breadcrumb trail={[{ label: '站内搜索' }]} />
          <h1>站内搜索</h1>
          <SearchForm keyword={keyword} />
          {!results || !keyword ? (
            <>
              <p>请输入要搜索的关键词。</p>
              <Suggestions />
            </>
          ) : results.total === 0 && !type ? (
            <div className="empty-state" role="status">
              <p>
                没有找到与“<strong>{keyword}</strong>”相关的内容。
              </p>
              <ul>
                <li>检查输入的文字是否有误</li>
                <li>换一个更通用的词，或减少关键词的数量</li>
              </ul>
              <Suggestions />
            </div>
          ) : (
            <>
              <p role="status">
                共找到 {data.counts ? Object.values(data.counts).reduce((a, b) => a + b, 0) : results.total} 条与“
                <strong>{keyword}</strong>”相关的结果
              </p>
              {data.counts && (
                <CategoryLinks
                  label="结果类型"
                  current={type ? Object.keys(TYPES).indexOf(type) : -1}
                  items={[
                    { id: -1, label: '全部', href: searchHref(keyword) },
                    ...(Object.keys(TYPES) as SearchType[]).map((t, index) => ({
                      id: index,
                      label: `${TYPES[t].label}（${data.counts?.[t] ?? 0}）`,
                      href: searchHref(keyword, t),
                    })),
                  ]}
                />
              )}
              {groups.map((group) => (
                <Group key={group.type} group={group} results={results} all={!type} />
              ))}
              {type && (
                <Pagination
                  page={results.page}
                  pageSize={results.pageSize}
                  total={results.groups[0]?.total ?? 0}
                  href={(page) => searchHref(keyword, type, page)}
                />
              )}
            </>
          )}
        </main>
      ),
    },
    context,
  );
}
