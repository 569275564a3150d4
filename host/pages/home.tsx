import type { CaseSummary, NewsSummary, PageSection, ProductSummary, SolutionSummary } from '../../contract/content';
import { site } from '../data/site';
import { coverUrl } from '../media';
import { Card, day } from './content/parts';
import { type PageContext, renderDocument } from './document';
import { LanguageAlternates } from './language-alternates';
import { organizationData, websiteData } from './structured-data';

export interface HomeData {
  products: ProductSummary[];
  solutions: SolutionSummary[];
  cases: CaseSummary[];
  news: NewsSummary[];
  partners: PageSection[];
}

function SectionHead({ id, title, more }: { id: string; title: string; more: { href: string; label: string } }) {
  return (
    <div className="section-head">
      <h2 id={id}>{title}</h2>
      <a href={more.href}>{more.label}</a>
    </div>
  );
}

/** `/` and `/home`: the hero, then highlights of each part of the site. */
export function renderHome(context: PageContext, data: HomeData): string {
  return renderDocument(
    {
      title: `${site.name} - 工业数字化转型服务商`,
      canonical: '/',
      feed: true,
      structuredData: [organizationData(context.origin, context.pageCommon), websiteData(context.origin)],
      head: <LanguageAlternates origin={context.origin} />,
      children: (
        <main id="main" className="page home">
          <section className="hero" aria-labelledby="hero-title">
            <h1 id="hero-title">{site.name}</h1>
            <p className="lead">{site.description}</p>
            <p className="actions">
              <a className="button primary" href="/product">
                浏览产品中心
              </a>
              <a className="button" href="/solution">
                了解解决方案
              </a>
            </p>
          </section>
          <section aria-labelledby="home-products">
            <SectionHead id="home-products" title="热门产品" more={{ href: '/product', label: '全部产品' }} />
            <div className="cards">
              {data.products.map((p, index) => (
                <Card
                  key={p.id}
                  first={index === 0}
                  href={`/product/${p.id}`}
                  title={p.name}
                  text={p.summary}
                  image={coverUrl('product', p.id)}
                />
              ))}
            </div>
          </section>
          <section aria-labelledby="home-solutions">
            <SectionHead id="home-solutions" title="行业解决方案" more={{ href: '/solution', label: '全部方案' }} />
            <div className="cards">
              {data.solutions.map((s) => (
                <Card key={s.id} href={`/solution/${s.id}`} title={s.title} text={s.summary} meta={s.industry} />
              ))}
            </div>
          </section>
          <section aria-labelledby="home-cases">
            <SectionHead id="home-cases" title="客户案例" more={{ href: '/cases', label: '全部案例' }} />
            <div className="cards">
              {data.cases.map((c) => (
                <Card
                  key={c.id}
                  href={`/cases/${c.id}`}
                  title={c.title}
                  text={c.summary}
                  meta={`${c.customer} · ${c.industry}`}
                />
              ))}
            </div>
          </section>
          <section aria-labelledby="home-news">
            <SectionHead id="home-news" title="新闻动态" more={{ href: '/news/type', label: '更多新闻' }} />
            <ul className="news-list">
              {data.news.map((n) => (
                <li key={n.id}>
                  <a href={`/news/${n.id}`}>{n.title}</a>
                  <time dateTime={n.publishedAt}>{day(n.publishedAt)}</time>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="home-partners">
            <SectionHead id="home-partners" title="生态合作" more={{ href: '/partners', label: '成为合作伙伴' }} />
            <ul className="anchors">
              {data.partners.map((s) => (
                <li key={s.anchor}>
                  <a href={`/partners#${s.anchor}`}>{s.title}</a>
                </li>
              ))}
            </ul>
          </section>
        </main>
      ),
    },
    context,
  );
}
