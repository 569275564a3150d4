import { site } from '../data/site';
import { type PageContext, renderDocument } from './document';

export function renderHome(context: PageContext): string {
  return renderDocument(
    {
      title: `${site.name} - 工业数字化转型服务商`,
      children: (
        <main id="main" className="page">
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
        </main>
      ),
    },
    context,
  );
}
