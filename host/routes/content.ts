import type { Request, RequestHandler } from 'express';
import type { ContentSource } from '../data/content';
import {
  renderCaseDetail,
  renderCaseList,
  renderNewsDetail,
  renderNewsList,
  renderSolutionDetail,
  renderSolutionList,
} from '../pages/content/articles';
import { renderProductDetail, renderProductList } from '../pages/content/products';
import type { PageContext } from '../pages/document';
import { type PageDeps, pageContext, sendPage } from './page-context';

const PAGE_SIZE = 9;
const NUMERIC = /^[1-9]\d{0,8}$/;
const ASSOCIATION_NO = /^[A-Z]\d{4,12}$/;

/** A request for something we do not have: the 404 page. */
const missing = () => Object.assign(new Error('Not found'), { status: 404, expose: true });

/** A positive whole number from the path or query; anything else is an unknown page. */
function id(value: unknown): number {
  if (typeof value !== 'string' || !NUMERIC.test(value)) throw missing();
  return Number(value);
}
const optionalId = (value: unknown) => (value === undefined ? null : id(value));
const pageOf = (req: Request) => optionalId(req.query.page) ?? 1;
/** Detail keys: an id, or the console's association number (chat cards link those). */
const key = (value: unknown) => (typeof value === 'string' && ASSOCIATION_NO.test(value) ? value : id(value));
const found = <T>(value: T | undefined): T => {
  if (value === undefined) throw missing();
  return value;
};

type Render = (req: Request, context: PageContext, content: ContentSource) => Promise<string>;

/** The content pages: each path with how it is rendered from the content source. */
export function contentPages(deps: PageDeps & { content: ContentSource }): Array<[string, RequestHandler]> {
  const page =
    (render: Render): RequestHandler =>
    async (req, res) => {
      const html = await render(req, await pageContext(req, res, deps), deps.content);
      sendPage(res, html);
    };

  const productList: Render = async (req, context, content) => {
    const categoryId = optionalId(req.query.categoryId);
    const categories = await content.productCategories();
    if (categoryId !== null && !categories.some((c) => c.id === categoryId)) throw missing();
    const products = await content.products({
      categoryId: categoryId ?? undefined,
      page: pageOf(req),
      pageSize: PAGE_SIZE,
    });
    return renderProductList(context, { products, categories, categoryId });
  };

  const newsList: Render = async (req, context, content) => {
    const categoryId = optionalId(req.params.id);
    const categories = await content.newsCategories();
    if (categoryId !== null && !categories.some((c) => c.id === categoryId)) throw missing();
    const news = await content.news({ categoryId: categoryId ?? undefined, page: pageOf(req), pageSize: 10 });
    return renderNewsList(context, { news, categories, categoryId });
  };

  return [
    ['/product', page(productList)],
    [
      '/product/:key',
      page(async (req, context, content) =>
        renderProductDetail(context, found(await content.product(key(req.params.key)))),
      ),
    ],
    [
      '/solution',
      page(async (req, context, content) =>
        renderSolutionList(context, await content.solutions({ page: pageOf(req), pageSize: PAGE_SIZE })),
      ),
    ],
    [
      '/solution/:key',
      page(async (req, context, content) =>
        renderSolutionDetail(context, found(await content.solution(key(req.params.key)))),
      ),
    ],
    [
      '/cases',
      page(async (req, context, content) =>
        renderCaseList(context, await content.cases({ page: pageOf(req), pageSize: PAGE_SIZE })),
      ),
    ],
    [
      '/cases/:id',
      page(async (req, context, content) =>
        renderCaseDetail(context, found(await content.caseById(id(req.params.id)))),
      ),
    ],
    ['/news', page(newsList)],
    ['/news/type', page(newsList)],
    ['/news/type/:id', page(newsList)],
    [
      '/news/:id',
      page(async (req, context, content) =>
        renderNewsDetail(context, found(await content.newsItem(id(req.params.id)))),
      ),
    ],
  ];
}
