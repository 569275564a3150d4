import type { Film, HelpArticle, InfoPage, PageSection } from '../../contract/content';
import { PRIVACY_POLICY_ID } from '../../contract/content';
import type {
  FilmEdit,
  FriendlyLinkEdit,
  HelpArticleEdit,
  InfoPageEdit,
  NewsCategoryEdit,
  PageSectionEdit,
} from '../../contract/content-edits';
import type { Db } from '../db/query';
import { columnTable, latestOfAll } from './column-table';
import type { KindOfContent } from './content-kind';

/** What the site map shows of every page: any item that has a page or an anchor is listed there. */
const SITE_MAPS = ['/mapsite', '/sitemap.xml'];

/** Only the fields of a kind, in its order: what drafts and revisions keep. */
const fieldsOf =
  <T>(fields: ReadonlyArray<keyof T>) =>
  (item: T): T =>
    Object.fromEntries(fields.map((field) => [field, item[field]])) as T;

/** News categories: in every page's navigation, so a change drops every kept page. Never taken down (news is filed under them). */
export const newsCategoryContent = (db: Db): KindOfContent<NewsCategoryEdit> => {
  const table = columnTable<NewsCategoryEdit>(db, {
    table: 'news_categories',
    columns: { title: 'title' },
    order: 'sort, id',
    sorted: true,
    hides: false,
  });
  return {
    kind: 'news-category',
    table,
    editOf: fieldsOf(['title']),
    title: (data) => data.title,
    paths: () => ['*'],
    preview: (latest) => ({
      async newsCategories() {
        return (await latestOfAll(table, latest)).map(({ id, title }) => ({ id, title }));
      },
    }),
  };
};

/** Help articles, at /help?id=; the privacy policy (49) is linked from every page and stays shown. */
export const helpContent = (db: Db): KindOfContent<HelpArticleEdit> => {
  const table = columnTable<HelpArticleEdit>(db, {
    table: 'help_articles',
    columns: { category: 'category', title: 'title', contentHtml: 'content_html' },
    order: 'category, sort, id',
    sorted: true,
  });
  return {
    kind: 'help',
    table,
    editOf: fieldsOf(['category', 'title', 'contentHtml']),
    title: (data) => data.title,
    alwaysShown: (id) => id === PRIVACY_POLICY_ID,
    paths: () => ['/help', ...SITE_MAPS],
    preview: (latest) => ({
      async helpArticles() {
        return (await latestOfAll(table, latest)).map(({ id, category, title }) => ({ id, category, title }));
      },
      async helpArticle(id): Promise<HelpArticle | undefined> {
        const data = await latest(id);
        return data && { id, ...fieldsOf<HelpArticleEdit>(['category', 'title', 'contentHtml'])(data) };
      },
    }),
  };
};

/** Information pages: the list at /info, each at /info/{id}. */
export const infoContent = (db: Db): KindOfContent<InfoPageEdit> => {
  const fields = fieldsOf<InfoPageEdit>(['title', 'summary', 'publishedAt', 'contentHtml']);
  const table = columnTable<InfoPageEdit>(db, {
    table: 'info_pages',
    columns: { title: 'title', summary: 'summary', publishedAt: 'published_at', contentHtml: 'content_html' },
    order: 'published_at DESC, id DESC',
  });
  return {
    kind: 'info',
    table,
    editOf: fields,
    title: (data) => data.title,
    paths: (id) => ['/info', `/info/${id}`, ...SITE_MAPS],
    preview: (latest) => ({
      async infoPages() {
        return (await latestOfAll(table, latest)).map(({ id, title, summary, publishedAt }) => ({
          id,
          title,
          summary,
          publishedAt,
        }));
      },
      async infoPage(id): Promise<InfoPage | undefined> {
        const data = await latest(id);
        return data && { id, ...fields(data) };
      },
    }),
  };
};

/** The sections of the about and partners pages (the home page shows the partners too). */
export const sectionContent = (db: Db): KindOfContent<PageSectionEdit> => {
  const table = columnTable<PageSectionEdit>(db, {
    table: 'page_sections',
    columns: { page: 'page', anchor: 'anchor', title: 'title', html: 'html' },
    order: 'page, sort, id',
    sorted: true,
    numbered: true,
  });
  return {
    kind: 'section',
    table,
    editOf: fieldsOf(['page', 'anchor', 'title', 'html']),
    title: (data) => data.title,
    clashes: (data, other) =>
      data.page === other.page && data.anchor === other.anchor
        ? { anchor: `锚点“${data.anchor}”已被同一页的“${other.title}”使用` }
        : undefined,
    paths: (_id, versions) => [
      ...new Set(versions.flatMap(({ page }) => (page === 'partners' ? ['/', '/home', '/partners'] : [`/${page}`]))),
      ...SITE_MAPS,
    ],
    preview: (latest) => ({
      async sections(page): Promise<PageSection[]> {
        return (await latestOfAll(table, latest))
          .filter((section) => section.page === page)
          .map(({ anchor, title, html }) => ({ anchor, title, html }));
      },
    }),
  };
};

/** Films: the list at /propaganda-film (and by year), each at /propaganda-film/{year}/{name}. */
export const filmContent = (db: Db): KindOfContent<FilmEdit> => {
  const fields = fieldsOf<FilmEdit>(['year', 'name', 'title', 'description', 'duration']);
  const table = columnTable<FilmEdit>(db, {
    table: 'films',
    columns: { year: 'year', name: 'name', title: 'title', description: 'description', duration: 'duration' },
    numbers: ['year', 'duration'],
    order: 'year DESC, id',
  });
  const films = async (latest: (id: number) => Promise<FilmEdit | undefined>) =>
    (await latestOfAll(table, latest)).map((film): Film => ({ id: film.id, ...fields(film) }));
  return {
    kind: 'film',
    table,
    editOf: fields,
    title: (data) => data.title,
    clashes: (data, other) =>
      data.year === other.year && data.name === other.name
        ? { name: `${data.year} 年已有地址名为“${data.name}”的宣传片（${other.title}）` }
        : undefined,
    paths: (_id, versions) => [
      '/propaganda-film',
      ...new Set(
        versions.flatMap(({ year, name }) => [`/propaganda-film/${year}`, `/propaganda-film/${year}/${name}`]),
      ),
      ...SITE_MAPS,
    ],
    preview: (latest) => ({
      async films(year) {
        return (await films(latest)).filter((film) => year === undefined || film.year === year);
      },
      async film(year, name) {
        return (await films(latest)).find((film) => film.year === year && film.name === name);
      },
    }),
  };
};

/** The footer's friendly links: on every page. The preview hides the footer, so it shows none. */
export const friendlyLinkContent = (db: Db): KindOfContent<FriendlyLinkEdit> => ({
  kind: 'friendly-link',
  table: columnTable<FriendlyLinkEdit>(db, {
    table: 'friendly_links',
    columns: { name: 'name', url: 'url' },
    order: 'sort, id',
    sorted: true,
  }),
  editOf: fieldsOf(['name', 'url']),
  title: (data) => data.name,
  paths: () => ['*'],
  preview: () => ({}),
});
