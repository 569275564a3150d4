import type { ContentSource } from '../../data/content';
import { coverUrl } from '../../media';
import { shareImage } from '../../share-cards/cards';
import { type PageContext, renderDocument } from '../document';
import { newsArticleData } from '../structured-data';
import { Breadcrumb, Card, type CardProps, CategoryLinks, ConsultButton, DetailHead, day, Pagination } from './parts';
import { RichText } from './rich-text';

type Solutions = Awaited<ReturnType<ContentSource['solutions']>>;
type Solution = NonNullable<Awaited<ReturnType<ContentSource['solution']>>>;
type Cases = Awaited<ReturnType<ContentSource['cases']>>;
type Case = NonNullable<Awaited<ReturnType<ContentSource['caseById']>>>;
type NewsList = Awaited<ReturnType<ContentSource['news']>>;
type NewsItem = NonNullable<Awaited<ReturnType<ContentSource['newsItem']>>>;

const paged = (path: string, page: number) => (page > 1 ? `${path}?page=${page}` : path);

/** A list page of cards with paging links: solutions and cases. */
function renderCardList<T>(
  context: PageContext,
  page: { list: T[]; page: number; pageSize: number; total: number },
  options: { path: string; heading: string; description: string; card: (item: T) => CardProps },
): string {
  return renderDocument(
    {
      title: `${options.heading} - 智造云`,
      description: options.description,
      canonical: paged(options.path, page.page),
      children: (
        <main id="main" className="page">
          <Breadcrumb trail={[{ label: options.heading }]} />
          <h1>{options.heading}</h1>
          <div className="cards">
            {page.list.map((item, index) => {
              const card = options.card(item);
              return <Card key={card.href} {...card} first={index === 0} />;
            })}
          </div>
          <Pagination {...page} href={(number) => paged(options.path, number)} />
        </main>
      ),
    },
    context,
  );
}

export function renderSolutionList(context: PageContext, solutions: Solutions): string {
  return renderCardList(context, solutions, {
    path: '/solution',
    heading: '解决方案',
    description: '面向汽车零部件、锂电池、电子制造、化工等行业的智造云数字化解决方案。',
    card: (s) => ({
      href: `/solution/${s.id}`,
      title: s.title,
      text: s.summary,
      meta: s.industry,
      image: coverUrl('solution', s.id),
    }),
  });
}

export function renderSolutionDetail(context: PageContext, solution: Solution): string {
  return renderDocument(
    {
      title: `${solution.title} - 解决方案 - 智造云`,
      description: solution.summary,
      canonical: `/solution/${solution.id}`,
      ogType: 'article',
      image: shareImage('solution', solution.id, solution.title),
      printable: true,
      children: (
        <main id="main" className="page">
          <Breadcrumb trail={[{ label: '解决方案', href: '/solution' }, { label: solution.title }]} />
          <DetailHead eyebrow={solution.industry} title={solution.title} lead={solution.summary} />
          <ConsultButton associationNo={solution.associationNo} />
          <section aria-labelledby="pain">
            <h2 id="pain">行业痛点</h2>
            <ul>
              {solution.painPoints.map((text: string) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="content">
            <h2 id="content">方案内容</h2>
            <RichText html={solution.contentHtml} />
          </section>
          <p>
            <a className="button" href="/product">
              查看相关产品
            </a>
          </p>
        </main>
      ),
    },
    context,
  );
}

export function renderCaseList(context: PageContext, cases: Cases): string {
  return renderCardList(context, cases, {
    path: '/cases',
    heading: '案例中心',
    description: '智造云在汽车零部件、锂电池、电子制造等行业的客户案例与实际成效。',
    card: (c) => ({
      href: `/cases/${c.id}`,
      title: c.title,
      text: c.summary,
      meta: `${c.customer} · ${c.industry}`,
      image: coverUrl('case', c.id),
    }),
  });
}

export function renderCaseDetail(context: PageContext, item: Case): string {
  return renderDocument(
    {
      title: `${item.title} - 案例中心 - 智造云`,
      description: item.summary,
      canonical: `/cases/${item.id}`,
      ogType: 'article',
      image: shareImage('case', item.id, item.title),
      printable: true,
      children: (
        <main id="main" className="page">
          <Breadcrumb trail={[{ label: '案例中心', href: '/cases' }, { label: item.title }]} />
          <DetailHead
            eyebrow={
              <>
                {item.customer} · {item.industry}
              </>
            }
            title={item.title}
            lead={item.summary}
          />
          <dl className="results">
            {item.results.map((r: { label: string; value: string }) => (
              <div key={r.label}>
                <dt>{r.label}</dt>
                <dd>{r.value}</dd>
              </div>
            ))}
          </dl>
          <section aria-labelledby="story">
            <h2 id="story">项目详情</h2>
            <RichText html={item.contentHtml} />
          </section>
        </main>
      ),
    },
    context,
  );
}

export function renderNewsList(
  context: PageContext,
  data: { news: NewsList; categories: Array<{ id: number; title: string }>; categoryId: number | null },
): string {
  const base = data.categoryId === null ? '/news/type' : `/news/type/${data.categoryId}`;
  const category = data.categories.find((c) => c.id === data.categoryId);
  return renderDocument(
    {
      title: category ? `${category.title} - 新闻中心 - 智造云` : '新闻中心 - 智造云',
      description: '智造云公司新闻、行业动态、产品发布与活动会议。',
      canonical: paged(base, data.news.page),
      feed: true,
      children: (
        <main id="main" className="page">
          <Breadcrumb trail={[{ label: '新闻中心' }]} />
          <h1>新闻中心</h1>
          <CategoryLinks
            label="新闻分类"
            current={data.categoryId}
            items={[
              { id: null, label: '全部', href: '/news/type' },
              ...data.categories.map((c) => ({ id: c.id, label: c.title, href: `/news/type/${c.id}` })),
            ]}
          />
          <ul className="news-list">
            {data.news.list.map((n) => (
              <li key={n.id}>
                <a href={`/news/${n.id}`}>{n.title}</a>
                <time dateTime={n.publishedAt}>{day(n.publishedAt)}</time>
                <p>{n.summary}</p>
              </li>
            ))}
          </ul>
          <Pagination {...data.news} href={(page) => paged(base, page)} />
        </main>
      ),
    },
    context,
  );
}

export function renderNewsDetail(context: PageContext, item: NewsItem): string {
  const news = item;
  const image = shareImage('news', news.id, news.title);
  return renderDocument(
    {
      title: `${news.title} - 新闻中心 - 智造云`,
      description: news.summary,
      canonical: `/news/${news.id}`,
      ogType: 'article',
      image,
      structuredData: [newsArticleData(context.origin, news, image)],
      feed: true,
      printable: true,
      children: (
        <main id="main" className="page article">
          <Breadcrumb
            trail={[
              { label: '新闻中心', href: '/news/type' },
              { label: news.categoryTitle, href: `/news/type/${news.categoryId}` },
              { label: news.title },
            ]}
          />
          <h1>{news.title}</h1>
          <p className="meta">
            <time dateTime={news.publishedAt}>{day(news.publishedAt)}</time> · {news.source}
          </p>
          <RichText html={news.contentHtml} headingsFrom={2} />
        </main>
      ),
    },
    context,
  );
}
