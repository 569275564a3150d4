import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RequestHandler } from 'express';
import { consoleCardOf } from '../../contract/chat-card';
import type { Programme } from '../../contract/content';
import type { ContentSource } from '../data/content';
import { coverUrl } from '../media';
import { renderQuestionnaire, renderWaic } from '../pages/campaigns';
import { renderCertification } from '../pages/certification';
import { renderChatCard } from '../pages/chat-card';
import { renderSectionsPage } from '../pages/company';
import type { PageContext } from '../pages/document';
import { renderEnglishHome } from '../pages/english-home';
import { renderFilm, renderFilmList } from '../pages/films';
import { PRIVACY_POLICY_ID, renderHelp, renderInfoList, renderInfoPage } from '../pages/help';
import { renderHome } from '../pages/home';
import {
  renderCollaborativeInnovation,
  renderInnovationOverview,
  renderProgramme,
  renderTrainingFactory,
  templateOf,
} from '../pages/innovation';
import { renderTopic } from '../pages/topic';
import { contentPage, type PageDeps, type Render } from './page-context';
import { found, id, key, missing, optionalId, queryText, slug } from './params';

const FILMS_DIR = fileURLToPath(new URL('../public/media/films/', import.meta.url));

/** The console's origin for links to it: the environment's, or in `local` the next port. */
export function consoleOrigin(context: PageContext, configured?: string): string {
  if (configured) return configured;
  const url = new URL(context.origin || 'http://localhost');
  url.port = String(Number(url.port || 80) + 1);
  return url.origin;
}

async function homeData(content: ContentSource) {
  const [products, solutions, cases, news, partners] = await Promise.all([
    content.products({ page: 1, pageSize: 50 }),
    content.solutions({ page: 1, pageSize: 4 }),
    content.cases({ page: 1, pageSize: 3 }),
    content.news({ page: 1, pageSize: 5 }),
    content.sections('partners'),
  ]);
  return {
    products: products.list.filter((p) => p.hot).slice(0, 6),
    solutions: solutions.list,
    cases: cases.list,
    news: news.list,
    partners,
  };
}

/** Every page besides the product, solution, case and news pages (routes/content.ts). */
export function sitePages(
  deps: PageDeps & { content: ContentSource; console?: string },
): Array<[string, RequestHandler]> {
  const page = (render: Render, reads?: readonly string[]) => contentPage(deps, render, { reads });

  const home: Render = async (_req, context, content) => renderHome(context, await homeData(content));

  const programme: Render = async (req, context, content) => {
    const categories = await content.innovationCategories();
    const categoryId = optionalId(req.params.id);
    const category = categoryId === null ? categories[0] : categories.find((c) => c.id === categoryId);
    if (!category) {
      if (categoryId !== null) throw missing();
      return renderInnovationOverview(context, { categories, current: '/innovation-practice' });
    }
    const tpid = optionalId(req.params.tpid);
    if (tpid !== null && tpid !== category.menuTemplateId) throw missing();
    const body = found(await content.programme(category.id, templateOf(category)));
    return renderProgramme(context, { categories, category, programme: body });
  };

  const programmesOf = async <T extends 'gswe' | 'cxyy'>(content: ContentSource, template: T) => {
    const categories = await content.innovationCategories();
    const bodies = await Promise.all(
      categories.filter((c) => templateOf(c) === template).map((c) => content.programme(c.id, template)),
    );
    return { categories, programmes: bodies.filter((body) => body !== undefined) as Array<Programme<T>> };
  };

  const help: Render = async (req, context, content) => {
    const articles = await content.helpArticles();
    const wanted = optionalId(req.query.id);
    const open = found(await content.helpArticle(wanted ?? articles[0]?.id ?? PRIVACY_POLICY_ID));
    return renderHelp(context, { articles, open });
  };

  const films: Render = async (req, context, content) => {
    const all = await content.films();
    const years = [...new Set(all.map((film) => film.year))];
    const year = optionalId(req.params.year);
    if (year !== null && !years.includes(year)) throw missing();
    return renderFilmList(context, { films: year === null ? all : all.filter((f) => f.year === year), years, year });
  };

  const film: Render = async (req, context, content) => {
    const year = id(req.params.year);
    const found_ = found(await content.film(year, slug(req.params.name)));
    const video = existsSync(`${FILMS_DIR}${found_.name}.webm`) ? `/media/films/${found_.name}` : null;
    return renderFilm(context, { film: found_, sameYear: await content.films(year), video });
  };

  const topic: Render = async (req, context, content) => {
    const body = found(await content.topic(slug(req.params.slug)));
    const [products, cases] = await Promise.all([
      Promise.all(body.hotProductIds.map((pid) => content.product(pid))),
      Promise.all(body.caseIds.map((cid) => content.caseById(cid))),
    ]);
    return renderTopic(context, {
      topic: body,
      products: products.filter((p) => p !== undefined),
      cases: cases.filter((c) => c !== undefined),
    });
  };

  const chatCard: Render = async (req, context, content) => {
    const type = queryText(req.query.type) === '2' ? 2 : queryText(req.query.type) === '1' ? 1 : null;
    if (type === null) throw missing();
    const ref = key(req.query.associationNo);
    const item = type === 1 ? await content.product(ref) : await content.solution(ref);
    const card = item && consoleCardOf(item, coverUrl(type === 1 ? 'product' : 'solution', item.id));
    return renderChatCard(context, found(card));
  };

  return [
    ['/', page(home)],
    ['/home', page(home)],
    ['/en', page(async (_req, context) => renderEnglishHome(context))],
    ['/innovation-practice', page(programme)],
    [
      '/innovation-practice/bak_id',
      page(async (_req, context, content) =>
        renderInnovationOverview(context, {
          categories: await content.innovationCategories(),
          current: '/innovation-practice/bak_id',
        }),
      ),
    ],
    [
      '/innovation-practice/collaborative-innovation',
      page(async (_req, context, content) =>
        renderCollaborativeInnovation(context, await programmesOf(content, 'cxyy')),
      ),
    ],
    [
      '/innovation-practice/gswe-factory',
      page(async (_req, context, content) => renderTrainingFactory(context, await programmesOf(content, 'gswe'))),
    ],
    ['/innovation-practice/:id', page(programme)],
    ['/innovation-practice/:id/:tpid', page(programme)],
    [
      '/partners',
      page(async (_req, context, content) =>
        renderSectionsPage(context, 'partners', await content.sections('partners')),
      ),
    ],
    [
      '/about',
      page(async (_req, context, content) => renderSectionsPage(context, 'about', await content.sections('about'))),
    ],
    ['/help', page(help, ['id'])],
    ['/info', page(async (_req, context, content) => renderInfoList(context, await content.infoPages()))],
    [
      '/info/:id',
      page(async (req, context, content) => renderInfoPage(context, found(await content.infoPage(id(req.params.id))))),
    ],
    ['/propaganda-film', page(films)],
    ['/propaganda-film/:year', page(films)],
    ['/propaganda-film/:year/:name', page(film)],
    ['/topic/:slug', page(topic)],
    ['/meiqia/card', page(chatCard, ['type', 'associationNo'])],
    ['/waic', page(async (_req, context) => renderWaic(context))],
    ['/wj', page(async (_req, context, content) => renderQuestionnaire(context, await content.wjUrl()))],
    [
      '/certification',
      page(async (_req, context) =>
        renderCertification(context, `${consoleOrigin(context, deps.console)}/company/enterprise`),
      ),
    ],
  ];
}
