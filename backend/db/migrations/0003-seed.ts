import { insertDemoAccounts } from '../../accounts/demo-accounts';
import * as seed from '../../seed';
import type { Migration } from '../migrate';

const json = (value: unknown) => JSON.stringify(value);

/** The content and demo accounts of a fresh `local` portal. Runs once, like every migration. */
export const seedContent: Migration = {
  version: 3,
  name: 'seed content and demo accounts',
  up(db) {
    const insert = (sql: string) => db.prepare(sql);

    const category = insert('INSERT INTO product_categories (id, name, sort) VALUES (?, ?, ?)');
    for (const c of seed.productCategories) category.run(c.id, c.name, c.sort);
    const product = insert(
      `INSERT INTO products (id, association_no, category_id, name, summary, description_html, highlights, scenarios, hot, sort)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const edition = insert(
      'INSERT INTO product_editions (product_id, name, price_fen, unit, features, sort) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const p of seed.products) {
      product.run(
        p.id,
        p.associationNo,
        p.categoryId,
        p.name,
        p.summary,
        p.descriptionHtml,
        json(p.highlights),
        json(p.scenarios),
        p.hot ? 1 : 0,
        p.sort,
      );
      for (const [index, e] of p.editions.entries())
        edition.run(p.id, e.name, e.priceFen, e.unit, json(e.features), index);
    }

    const solution = insert(
      `INSERT INTO solutions (id, association_no, title, industry, summary, pain_points, content_html, product_ids, common, sort)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const s of seed.solutions) {
      solution.run(
        s.id,
        s.associationNo,
        s.title,
        s.industry,
        s.summary,
        json(s.painPoints),
        s.contentHtml,
        json(s.productIds),
        s.common ? 1 : 0,
        s.sort,
      );
    }

    const caseRow = insert(
      `INSERT INTO cases (id, title, customer, industry, summary, content_html, results, solution_id, published_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const c of seed.cases) {
      caseRow.run(
        c.id,
        c.title,
        c.customer,
        c.industry,
        c.summary,
        c.contentHtml,
        json(c.results),
        c.solutionId,
        c.publishedAt,
      );
    }

    const newsCategory = insert('INSERT INTO news_categories (id, title, sort) VALUES (?, ?, ?)');
    for (const c of seed.newsCategories) newsCategory.run(c.id, c.title, c.sort);
    const news = insert(
      'INSERT INTO news (id, category_id, title, summary, content_html, source, published_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (const n of seed.news) news.run(n.id, n.categoryId, n.title, n.summary, n.contentHtml, n.source, n.publishedAt);

    const innovation = insert(
      'INSERT INTO innovation_categories (id, title, menu_template_id, sort) VALUES (?, ?, ?, ?)',
    );
    for (const c of seed.innovationCategories) innovation.run(c.id, c.title, c.menuTemplateId, c.sort);
    const programme = insert('INSERT INTO innovation_programmes (category_id, template, body) VALUES (?, ?, ?)');
    for (const p of seed.gsweProgrammes) programme.run(p.categoryId, 'gswe', json(p));
    for (const p of seed.cxyyProgrammes) programme.run(p.categoryId, 'cxyy', json(p));

    const section = insert('INSERT INTO page_sections (page, anchor, title, html, sort) VALUES (?, ?, ?, ?, ?)');
    for (const [page, sections] of [
      ['partners', seed.partnerSections],
      ['about', seed.aboutSections],
    ] as const) {
      for (const [index, s] of sections.entries()) section.run(page, s.anchor, s.title, s.html, index);
    }

    const help = insert('INSERT INTO help_articles (id, category, title, content_html, sort) VALUES (?, ?, ?, ?, ?)');
    for (const a of seed.helpArticles) help.run(a.id, a.category, a.title, a.contentHtml, a.sort);
    const info = insert(
      'INSERT INTO info_pages (id, title, summary, content_html, published_at) VALUES (?, ?, ?, ?, ?)',
    );
    for (const i of seed.infoPages) info.run(i.id, i.title, i.summary, i.contentHtml, i.publishedAt);
    const film = insert('INSERT INTO films (id, year, name, title, description, duration) VALUES (?, ?, ?, ?, ?, ?)');
    for (const f of seed.films) film.run(f.id, f.year, f.name, f.title, f.description, f.duration);
    const link = insert('INSERT INTO friendly_links (id, name, url, sort) VALUES (?, ?, ?, ?)');
    for (const l of seed.friendlyLinks) link.run(l.id, l.name, l.url, l.sort);

    const setting = insert('INSERT INTO settings (key, value) VALUES (?, ?)');
    setting.run('footer', json(seed.footer));
    setting.run('wjUrl', json(seed.wjUrl));
    insert('INSERT INTO topics (slug, body) VALUES (?, ?)').run(seed.batteryTopic.slug, json(seed.batteryTopic));

    const agreement = insert(
      'INSERT INTO agreements (code, template_version, title, content_html) VALUES (?, ?, ?, ?)',
    );
    for (const a of seed.agreements) agreement.run(a.code, a.templateVersion, a.title, a.contentHtml);

    insertDemoAccounts(db, seed.agreements);
  },
};
