import type { RequestHandler } from 'express';
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
import { contentPage, type PageDeps, type Render } from './page-context';
import { existing, found, id, key, missing, optionalId, pageOf } from './params';

const PAGE_SIZE = 9;

/** The content pages: each path with how it is rendered from the content source. */
export function contentPages(deps: PageDeps & { content: ContentSource }): Array<[string, RequestHandler]> {
  const page = (render: Render, reads?: readonly string[]) => contentPage(deps, render, { reads });

  const productList: Render = async (req, context, content) => {
    const categoryId = optionalId(req.query.categoryId);
    const categories = await content.productCategories();
    if (categoryId !== null && !categories.some((c) => c.id === categoryId)) throw missing();
    const products = await content.products({
      categoryId: categoryId ?? undefined,
      page: pageOf(req),
      pageSize: PAGE_SIZE,
    });
    return renderProductList(context, { products: existing(products), categories, categoryId });
  };

  const newsList: Render = async (req, context, content) => {
    const categoryId = optionalId(req.params.id);
    const categories = await content.newsCategories();
    if (categoryId !== null && !categories.some((c) => c.id === categoryId)) throw missing();
    const news = await content.news({ categoryId: categoryId ?? undefined, page: pageOf(req), pageSize: 10 });
    return renderNewsList(context, { news: existing(news), categories, categoryId });
  };

  return [
    ['/product', page(productList, ['categoryId', 'page'])],
    [
      '/product/:key',
      page(async (req, context, content) =>
        renderProductDetail(context, found(await content.product(key(req.params.key)))),
      ),
    ],
    [
      '/solution',
      page(
        async (req, context, content) =>
          renderSolutionList(context, existing(await content.solutions({ page: pageOf(req), pageSize: PAGE_SIZE }))),
        ['page'],
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
      page(
        async (req, context, content) =>
          renderCaseList(context, existing(await content.cases({ page: pageOf(req), pageSize: PAGE_SIZE }))),
        ['page'],
      ),
    ],
    [
      '/cases/:id',
      page(async (req, context, content) =>
        renderCaseDetail(context, found(await content.caseById(id(req.params.id)))),
      ),
    ],
    ['/news', page(newsList, ['page'])],
    ['/news/type', page(newsList, ['page'])],
    ['/news/type/:id', page(newsList, ['page'])],
    [
      '/news/:id',
      page(async (req, context, content) =>
        renderNewsDetail(context, found(await content.newsItem(id(req.params.id)))),
      ),
    ],
  ];
}
