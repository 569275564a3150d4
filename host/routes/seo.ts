import type { RequestHandler } from 'express';
import type { Page } from '../../contract/content';
import { MAX_PAGE_SIZE } from '../../contract/portal-requests';
import type { ContentSource } from '../data/content';
import { FEED_PATH } from '../pages/document';
import { categoryHref } from '../pages/innovation';
import { FEED_ITEMS, newsFeedXml } from '../pages/news-feed';
import { renderSiteMap, robotsTxt, type SiteMapSection, sitemapXml } from '../pages/site-map';
import { contentPage, type PageDeps, publicOrigin } from './page-context';

/** Pages of a list the site map reads at most: 2,000 items of each kind. */
const MAX_PAGES = 40;

/** Every item of a paged list, page by page within the API's page size (a larger one is refused outside `local`). */
async function everyItem<T>(list: (paging: { page: number; pageSize: number }) => Promise<Page<T>>) {
  const first = await list({ page: 1, pageSize: MAX_PAGE_SIZE });
  const pages = Math.min(Math.ceil(first.total / MAX_PAGE_SIZE), MAX_PAGES);
  const rest = await Promise.all(
    Array.from({ length: Math.max(pages - 1, 0) }, (_, i) => list({ page: i + 2, pageSize: MAX_PAGE_SIZE })),
  );
  return { list: [first, ...rest].flatMap((page) => page.list) };
}

/** Every public page, by section: the source of both `/mapsite` and `/sitemap.xml`. */
export async function siteMapSections(content: ContentSource): Promise<SiteMapSection[]> {
  const [categories, products, solutions, cases, newsCategories, news, innovation, partners, about, help, info, films] =
    await Promise.all([
      content.productCategories(),
      everyItem((paging) => content.products(paging)),
      everyItem((paging) => content.solutions(paging)),
      everyItem((paging) => content.cases(paging)),
      content.newsCategories(),
      everyItem((paging) => content.news(paging)),
      content.innovationCategories(),
      content.sections('partners'),
      content.sections('about'),
      content.helpArticles(),
      content.infoPages(),
      content.films(),
    ]);
  return [
    {
      title: '首页',
      links: [
        { href: '/', label: '首页' },
        { href: '/en', label: 'English' },
        { href: '/topic/battery', label: '锂电池数字化专题' },
        { href: '/waic', label: 'WAIC 专题' },
      ],
    },
    {
      title: '产品中心',
      links: [
        { href: '/product', label: '全部产品' },
        ...categories.map((c) => ({ href: `/product?categoryId=${c.id}`, label: c.name })),
        ...products.list.map((p) => ({ href: `/product/${p.id}`, label: p.name })),
      ],
    },
    {
      title: '解决方案',
      links: [
        { href: '/solution', label: '全部方案' },
        ...solutions.list.map((s) => ({ href: `/solution/${s.id}`, label: s.title })),
      ],
    },
    {
      title: '案例中心',
      links: [
        { href: '/cases', label: '全部案例' },
        ...cases.list.map((c) => ({ href: `/cases/${c.id}`, label: c.title, updated: c.publishedAt })),
      ],
    },
    {
      title: '创新实训',
      links: [
        ...innovation.map((c) => ({ href: categoryHref(c), label: c.title })),
        { href: '/innovation-practice/gswe-factory', label: '实训工厂' },
        { href: '/innovation-practice/collaborative-innovation', label: '协同创新' },
      ],
    },
    {
      title: '新闻中心',
      links: [
        { href: '/news/type', label: '全部新闻' },
        ...newsCategories.map((c) => ({ href: `/news/type/${c.id}`, label: c.title })),
        ...news.list.map((n) => ({ href: `/news/${n.id}`, label: n.title, updated: n.publishedAt })),
      ],
    },
    {
      title: '生态合作',
      links: [
        { href: '/partners', label: '生态合作' },
        ...partners.map((s) => ({ href: `/partners#${s.anchor}`, label: s.title })),
      ],
    },
    {
      title: '关于我们',
      links: [
        { href: '/about', label: '关于我们' },
        ...about.map((s) => ({ href: `/about#${s.anchor}`, label: s.title })),
        { href: '/propaganda-film', label: '宣传片' },
        ...films.map((f) => ({ href: `/propaganda-film/${f.year}/${f.name}`, label: f.title })),
      ],
    },
    {
      title: '服务与支持',
      links: [
        ...help.map((a) => ({ href: `/help?id=${a.id}`, label: a.title })),
        { href: '/info', label: '信息公开' },
        ...info.map((i) => ({ href: `/info/${i.id}`, label: i.title, updated: i.publishedAt })),
        { href: '/certification', label: '企业认证' },
        { href: '/feedback', label: '意见反馈' },
        { href: '/wj', label: '问卷调查' },
        { href: '/mapsite', label: '网站地图' },
      ],
    },
  ];
}

export function seoRoutes(deps: PageDeps & { content: ContentSource }): Array<[string, RequestHandler]> {
  return [
    [
      '/mapsite',
      contentPage(deps, async (_req, context, content) => renderSiteMap(context, await siteMapSections(content))),
    ],
    [
      '/sitemap.xml',
      async (req, res) => {
        const origin = publicOrigin(req, deps.publicOrigin);
        res
          .type('application/xml')
          .setHeader('Cache-Control', 'public, max-age=3600')
          .send(sitemapXml(origin, await siteMapSections(deps.content)));
      },
    ],
    [
      FEED_PATH,
      async (req, res) => {
        const [news, categories] = await Promise.all([
          deps.content.news({ page: 1, pageSize: FEED_ITEMS }),
          deps.content.newsCategories(),
        ]);
        // Readers poll: a quarter of an hour fresh, then asked again with the ETag (Express's, of these bytes).
        res
          .type('application/rss+xml')
          .setHeader('Cache-Control', 'public, max-age=900')
          .send(newsFeedXml(publicOrigin(req, deps.publicOrigin), news.list, categories));
      },
    ],
    [
      '/robots.txt',
      async (req, res) => {
        const origin = publicOrigin(req, deps.publicOrigin);
        res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600').send(robotsTxt(origin));
      },
    ],
  ];
}
