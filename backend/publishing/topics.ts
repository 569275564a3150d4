import { sql } from 'kysely';
import type { Topic } from '../../contract/content';
import type { TopicEdit } from '../../contract/content-edits';
import { all, type Db, one, run } from '../db/query';
import type { ContentTable, KindOfContent, StoredItem } from './content-kind';

const fromBody = (topic: Topic): TopicEdit => ({
  title: topic.title,
  phone: topic.phone,
  bannerTitle: topic.banner.title,
  bannerSubtitle: topic.banner.subtitle,
  introduceTitle: topic.introduce.title,
  introduceHtml: topic.introduce.html,
  hotProductIds: topic.hotProductIds,
  painPoints: topic.painPoints,
  features: topic.features,
  caseIds: topic.caseIds,
  pedagogy: topic.pedagogy,
  faq: topic.faq,
});

const topicOf = (slug: string, data: TopicEdit): Topic => ({
  slug,
  title: data.title,
  phone: data.phone,
  banner: { title: data.bannerTitle, subtitle: data.bannerSubtitle },
  introduce: { title: data.introduceTitle, html: data.introduceHtml },
  hotProductIds: data.hotProductIds,
  painPoints: data.painPoints,
  features: data.features,
  caseIds: data.caseIds,
  pedagogy: data.pedagogy,
  faq: data.faq,
});

type Row = { id: number; slug: string; body: string };
const toItem = (row: Row): StoredItem<TopicEdit> & { slug: string } => ({
  ...fromBody(JSON.parse(row.body) as Topic),
  id: Number(row.id),
  slug: row.slug,
  visible: true,
});

/**
 * The topic pages (/topic/{slug}, the battery one): their sections, kept as one
 * body each. Their addresses are the site's own (the site map names them), so
 * the studio neither adds nor takes one down.
 */
export class TopicTable implements ContentTable<TopicEdit> {
  constructor(private readonly db: Db) {}

  async all() {
    return (await all(this.db, sql<Row>`SELECT id, slug, body FROM topics ORDER BY id`)).map(toItem);
  }

  async byId(id: number) {
    const row = await one(this.db, sql<Row>`SELECT id, slug, body FROM topics WHERE id = ${id}`);
    return row && toItem(row);
  }

  async slugOf(id: number) {
    return (await one(this.db, sql<{ slug: string }>`SELECT slug FROM topics WHERE id = ${id}`))?.slug;
  }

  async publish(id: number, data: TopicEdit): Promise<void> {
    const slug = await this.slugOf(id);
    if (slug) await run(this.db, sql`UPDATE topics SET body = ${JSON.stringify(topicOf(slug, data))} WHERE id = ${id}`);
  }
}

/** Topics as publishing knows them: each shows on its own page. */
export const topicContent = (table: TopicTable, slugs: ReadonlyMap<number, string>): KindOfContent<TopicEdit> => ({
  kind: 'topic',
  table,
  editOf: (item) => fromBody(topicOf('', item)),
  title: (data) => data.title,
  paths: (id) => [`/topic/${slugs.get(id) ?? ''}`],
  preview: (latest) => ({
    async topic(slug) {
      const row = (await table.all()).find((topic) => topic.slug === slug);
      const data = row && (await latest(row.id));
      return data && topicOf(slug, data);
    },
  }),
});

/** The topics' addresses by id, read once: they never change. */
export const topicSlugs = async (table: TopicTable) =>
  new Map((await table.all()).map((topic) => [topic.id, topic.slug]));
