import type { HelpArticle, HelpArticleSummary, InfoPage, InfoSummary } from '../../contract/content';
import { Breadcrumb, day } from './content/parts';
import { RichText } from './content/rich-text';
import { type PageContext, renderDocument } from './document';

/** The privacy policy's help article (SPEC §9); the footer and cookie notice link to it. */
export const PRIVACY_POLICY_ID = 49;

/** The help centre: articles by category beside the open one (`?id=`, else the first). */
export function renderHelp(context: PageContext, data: { articles: HelpArticleSummary[]; open: HelpArticle }): string {
  const categories = [...new Set(data.articles.map((a) => a.category))];
  const { open } = data;
  return renderDocument(
    {
      title: `${open.title} - 帮助中心 - 智造云`,
      description: `智造云帮助中心：${categories.join('、')}。`,
      canonical: `/help?id=${open.id}`,
      printable: true,
      children: (
        <main id="main" className="page with-side">
          <Breadcrumb trail={[{ label: '帮助中心', href: '/help' }, { label: open.title }]} />
          {/* Folded on phones and tablets (site.css): 13 entries came before the article. */}
          <details className="side-fold">
            <summary>
              帮助目录<span className="side-current">：{open.title}</span>
            </summary>
            <nav className="side-nav" aria-label="帮助文档">
              {categories.map((category) => (
                <div key={category}>
                  <p className="side-title">{category}</p>
                  {data.articles
                    .filter((a) => a.category === category)
                    .map((a) => (
                      <a key={a.id} href={`/help?id=${a.id}`} aria-current={a.id === open.id ? 'page' : undefined}>
                        {a.title}
                      </a>
                    ))}
                </div>
              ))}
            </nav>
          </details>
          <article className="side-content article">
            <p className="eyebrow">{open.category}</p>
            <h1>{open.title}</h1>
            <RichText html={open.contentHtml} headingsFrom={2} />
            <p className="meta">
              没有找到答案？<a href="/feedback">提交反馈</a>
            </p>
          </article>
        </main>
      ),
    },
    context,
  );
}

export function renderInfoList(context: PageContext, pages: InfoSummary[]): string {
  return renderDocument(
    {
      title: '信息公开 - 智造云',
      description: '智造云公告、服务通知与信息公开。',
      canonical: '/info',
      children: (
        <main id="main" className="page">
          <Breadcrumb trail={[{ label: '信息公开' }]} />
          <h1>信息公开</h1>
          <ul className="news-list">
            {pages.map((page) => (
              <li key={page.id}>
                <a href={`/info/${page.id}`}>{page.title}</a>
                <time dateTime={page.publishedAt}>{day(page.publishedAt)}</time>
                <p>{page.summary}</p>
              </li>
            ))}
          </ul>
        </main>
      ),
    },
    context,
  );
}

export function renderInfoPage(context: PageContext, page: InfoPage): string {
  return renderDocument(
    {
      title: `${page.title} - 信息公开 - 智造云`,
      description: page.summary,
      canonical: `/info/${page.id}`,
      ogType: 'article',
      printable: true,
      children: (
        <main id="main" className="page article">
          <Breadcrumb trail={[{ label: '信息公开', href: '/info' }, { label: page.title }]} />
          <h1>{page.title}</h1>
          <p className="meta">
            <time dateTime={page.publishedAt}>{day(page.publishedAt)}</time>
          </p>
          <RichText html={page.contentHtml} headingsFrom={2} />
        </main>
      ),
    },
    context,
  );
}
