import { sql } from 'kysely';
import type { InnovationCategory, Programme, ProgrammeTemplate } from '../../contract/content';
import type { InnovationEdit } from '../../contract/content-edits';
import { all, type Db, one, run } from '../db/query';
import type { ContentTable, KindOfContent, StoredItem } from './content-kind';

const templateOf = (menuTemplateId: 1 | 2): ProgrammeTemplate => (menuTemplateId === 1 ? 'gswe' : 'cxyy');

type Body = Partial<Programme<'gswe'> & Programme<'cxyy'>>;

/** A category and its programme as the studio edits them (the lists of the other template stay empty). */
const editOf = (category: Omit<InnovationCategory, 'id'>, body: Body | undefined): InnovationEdit => ({
  title: category.title,
  menuTemplateId: category.menuTemplateId,
  programmeTitle: body?.title ?? '',
  intro: body?.intro ?? '',
  stages: body?.stages ?? [],
  courses: (body?.courses ?? []).map(({ title, hours, text }) => ({ title, hours: String(hours), text })),
  facilities: body?.facilities ?? [],
  projects: (body?.projects ?? []).map(({ title, team, text, result }) => ({ title, team, text, result })),
});

/** The programme a page shows, from what the studio keeps: the template's lists, numbered. */
export const programmeOf = (categoryId: number, data: InnovationEdit): Programme =>
  data.menuTemplateId === 1
    ? {
        categoryId,
        title: data.programmeTitle,
        intro: data.intro,
        stages: data.stages,
        courses: data.courses.map((course, i) => ({ id: i + 1, ...course, hours: Number(course.hours) })),
        facilities: data.facilities,
      }
    : {
        categoryId,
        title: data.programmeTitle,
        intro: data.intro,
        projects: data.projects.map((project, i) => ({ id: i + 1, ...project })),
      };

type Row = { id: number; title: string; menuTemplateId: 1 | 2; visible: number; body: string | null };

/**
 * Innovation training: a category (in every page's navigation) and its
 * programme (its page), edited and published together.
 */
export class InnovationTable implements ContentTable<InnovationEdit> {
  constructor(private readonly db: Db) {}

  private read(where: ReturnType<typeof sql>) {
    return all(
      this.db,
      sql<Row>`SELECT c.id, c.title, c.menu_template_id AS "menuTemplateId", c.visible, p.body
        FROM innovation_categories c LEFT JOIN innovation_programmes p ON p.category_id = c.id
        ${where} ORDER BY c.sort, c.id`,
    );
  }

  private toItem(row: Row): StoredItem<InnovationEdit> {
    const menuTemplateId = Number(row.menuTemplateId) === 1 ? 1 : 2;
    return {
      ...editOf({ title: row.title, menuTemplateId }, row.body ? (JSON.parse(row.body) as Body) : undefined),
      id: Number(row.id),
      visible: Number(row.visible) === 1,
    };
  }

  async all() {
    return (await this.read(sql``)).map((row) => this.toItem(row));
  }

  async byId(id: number) {
    const [row] = await this.read(sql`WHERE c.id = ${id}`);
    return row && this.toItem(row);
  }

  async create(data: InnovationEdit): Promise<number> {
    const row = await one(
      this.db,
      sql<{ id: number }>`INSERT INTO innovation_categories (title, menu_template_id, sort, visible)
        VALUES (${data.title}, ${data.menuTemplateId}, (SELECT coalesce(max(sort), 0) + 1 FROM innovation_categories), 0)
        RETURNING id`,
    );
    const id = Number(row?.id);
    await this.writeProgramme(id, data);
    return id;
  }

  private async writeProgramme(id: number, data: InnovationEdit) {
    const body = JSON.stringify(programmeOf(id, data));
    const template = templateOf(data.menuTemplateId);
    await run(
      this.db,
      sql`INSERT INTO innovation_programmes (category_id, template, body) VALUES (${id}, ${template}, ${body})
        ON CONFLICT (category_id) DO UPDATE SET template = ${template}, body = ${body}`,
    );
  }

  async publish(id: number, data: InnovationEdit): Promise<void> {
    await run(
      this.db,
      sql`UPDATE innovation_categories SET title = ${data.title}, menu_template_id = ${data.menuTemplateId}, visible = 1
        WHERE id = ${id}`,
    );
    await this.writeProgramme(id, data);
  }

  async hide(id: number): Promise<void> {
    await run(this.db, sql`UPDATE innovation_categories SET visible = 0 WHERE id = ${id}`);
  }
}

/** Innovation training as publishing knows it: in every page's navigation, so a change drops every kept page. */
export const innovationContent = (table: InnovationTable): KindOfContent<InnovationEdit> => ({
  kind: 'innovation-category',
  table,
  editOf: ({ title, menuTemplateId, programmeTitle, intro, stages, courses, facilities, projects }) => ({
    title,
    menuTemplateId,
    programmeTitle,
    intro,
    stages,
    courses,
    facilities,
    projects,
  }),
  title: (data) => data.title,
  paths: () => ['*'],
  preview: (latest) => ({
    async innovationCategories() {
      const rows = await table.all();
      const items = await Promise.all(rows.map(async (row) => ({ id: row.id, data: (await latest(row.id)) ?? row })));
      return items.map(({ id, data }) => ({ id, title: data.title, menuTemplateId: data.menuTemplateId }));
    },
    async programme<T extends ProgrammeTemplate>(categoryId: number, template: T) {
      const data = await latest(categoryId);
      if (!data || templateOf(data.menuTemplateId) !== template) return undefined;
      return programmeOf(categoryId, data) as Programme<T>;
    },
  }),
});
