import { Breadcrumb } from './content/parts';
import { FEED_PATH, type PageContext, renderDocument } from './document';

export interface SiteMapLink {
  href: string;
  label: string;
  /** ISO date of the last change, when known (for sitemap.xml). */
  updated?: string;
}

export interface SiteMapSection {
  title: string;
  links: SiteMapLink[];
}

/** The human site map (`/mapsite`): every section with its pages. */
export function renderSiteMap(context: PageContext, sections: SiteMapSection[]): string {
  return renderDocument(
    {
      title: '网站地图 - 智造云',
      description: '智造云网站地图：产品、解决方案、案例、创新实训、新闻、生态合作与关于我们的全部页面。',
      canonical: '/mapsite',
      children: (
        <main id="main" className="page">
          <Breadcrumb trail={[{ label: '网站地图' }]} />
          <h1>网站地图</h1>
          <div className="site-map">
            {sections.map((section) => (
              <section key={section.title} aria-labelledby={`map-${section.title}`}>
                <h2 id={`map-${section.title}`}>{section.title}</h2>
                <ul>
                  {section.links.map((link) => (
                    <li key={link.href}>
                      <a href={link.href}>{link.label}</a>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </main>
      ),
    },
    context,
  );
}

const xml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** The same pages for crawlers, as a sitemaps.org document. */
export function sitemapXml(origin: string, sections: SiteMapSection[]): string {
  const seen = new Set<string>();
  const urls = sections
    .flatMap((section) => section.links)
    .filter((link) => !link.href.includes('#') && !seen.has(link.href) && seen.add(link.href))
    .map(
      (link) =>
        `<url><loc>${xml(origin + link.href)}</loc>${link.updated ? `<lastmod>${xml(link.updated.slice(0, 10))}</lastmod>` : ''}</url>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
}

/**
 * Crawl everything public; keep crawlers out of orders and the API. Search results and
 * the exit page stay open to them: they say `noindex` themselves, and a crawler kept out
 * could never read it (it would index the bare address from links instead).
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /order',
    'Disallow: /api',
    `Sitemap: ${origin}/sitemap.xml`,
    // Search engines take a news feed as a sitemap of what is new.
    `Sitemap: ${origin}${FEED_PATH}`,
    '',
  ].join('\n');
}
