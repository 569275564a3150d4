import type { CaseSummary, ProductSummary, Topic } from '../../contract/content';
import { anchorLabel } from '../../widgets/topic-header/anchors';
import { coverUrl } from '../media';
import { Card, Highlights } from './content/parts';
import { RichText } from './content/rich-text';
import { type PageContext, renderDocument } from './document';

/**
 * A topic landing page (topic layout): the banner, then the six anchored
 * sections the topic header scrolls to, plus the training offered with it.
 */
export function renderTopic(
  context: PageContext,
  data: { topic: Topic; products: ProductSummary[]; cases: CaseSummary[] },
): string {
  const { topic } = data;
  return renderDocument(
    {
      title: `${topic.title} - 智造云`,
      description: topic.banner.subtitle,
      layout: 'topic',
      topicPhone: topic.phone,
      canonical: `/topic/${topic.slug}`,
      children: (
        <main id="main" className="page topic">
          <section className="hero banner" aria-labelledby="banner-title">
            <h1 id="banner-title">{topic.banner.title}</h1>
            <p className="lead">{topic.banner.subtitle}</p>
            <p className="actions">
              <a className="button primary" href={`tel:${topic.phone.replace(/[^\d+]/g, '')}`}>
                咨询热线 {topic.phone}
              </a>
            </p>
          </section>
          <section id="solution" className="anchored" aria-labelledby="solution-title">
            {/* Named as the header's anchor to it names it (SPEC: "solution overview"), whatever the content calls it. */}
            <h2 id="solution-title">{anchorLabel('solution', 'zh-CN')}</h2>
            <RichText html={topic.introduce.html} />
          </section>
          <section id="product" className="anchored" aria-labelledby="product-title">
            <h2 id="product-title">产品库</h2>
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
          <section id="customer" className="anchored" aria-labelledby="customer-title">
            <h2 id="customer-title">客户痛点</h2>
            <Highlights items={topic.painPoints} />
          </section>
          <section id="feature" className="anchored" aria-labelledby="feature-title">
            <h2 id="feature-title">方案特点</h2>
            <Highlights items={topic.features} />
          </section>
          <section id="case" className="anchored" aria-labelledby="case-title">
            <h2 id="case-title">成功案例</h2>
            <div className="cards">
              {data.cases.map((c) => (
                <Card key={c.id} href={`/cases/${c.id}`} title={c.title} text={c.summary} meta={c.customer} />
              ))}
            </div>
          </section>
          <section className="anchored" aria-labelledby="pedagogy-title">
            <h2 id="pedagogy-title">配套实训</h2>
            <Highlights items={topic.pedagogy} />
          </section>
          <section id="problem" className="anchored" aria-labelledby="problem-title">
            <h2 id="problem-title">常见问题</h2>
            {topic.faq.map((q) => (
              <details key={q.question}>
                <summary>{q.question}</summary>
                <p>{q.answer}</p>
              </details>
            ))}
          </section>
        </main>
      ),
    },
    context,
  );
}
