import type { ReactNode } from 'react';
import type { InnovationCategory, Programme } from '../../contract/content';
import { Breadcrumb, DetailHead, Highlights } from './content/parts';
import { type PageContext, renderDocument } from './document';

const SECTION = '创新实训';
const TEMPLATE_OF: Record<number, 'gswe' | 'cxyy'> = { 1: 'gswe', 2: 'cxyy' };

/** The template a category's page uses (its `menuTemplateId`). */
export const templateOf = (category: InnovationCategory) => TEMPLATE_OF[category.menuTemplateId] ?? 'cxyy';
export const categoryHref = (category: InnovationCategory) =>
  `/innovation-practice/${category.id}/${category.menuTemplateId}`;

/** The side menu of the innovation pages: every category, and the two programme overviews. */
function InnovationNav({ categories, current }: { categories: InnovationCategory[]; current: string }) {
  const items = [
    ...categories.map((c) => ({ href: categoryHref(c), label: c.title })),
    { href: '/innovation-practice/gswe-factory', label: '实训工厂' },
    { href: '/innovation-practice/collaborative-innovation', label: '协同创新' },
  ];
  return (
    <nav className="side-nav" aria-label="创新实训分类">
      {categories.length === 0 && <p>暂无分类</p>}
      {items.map((item) => (
        <a key={item.href} href={item.href} aria-current={item.href === current ? 'page' : undefined}>
          {item.label}
        </a>
      ))}
    </nav>
  );
}

function Gswe({ programme }: { programme: Programme<'gswe'> }) {
  return (
    <>
      <section aria-labelledby="stages">
        <h2 id="stages">培养阶段</h2>
        <ol className="steps">
          {programme.stages.map((stage) => (
            <li key={stage.title}>
              <strong>{stage.title}</strong>
              <span>{stage.text}</span>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="courses">
        <h2 id="courses">课程设置</h2>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">课程</th>
              <th scope="col">学时</th>
              <th scope="col">内容</th>
            </tr>
          </thead>
          <tbody>
            {programme.courses.map((course) => (
              <tr key={course.id}>
                <th scope="row">{course.title}</th>
                <td>{course.hours}</td>
                <td>{course.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <Facilities items={programme.facilities} />
    </>
  );
}

/** `id`: the heading's, unique on the page (the overviews show one section per programme). */
function Facilities({
  items,
  heading = '实训条件',
  id = 'facilities',
}: {
  items: Array<{ title: string; text: string }>;
  heading?: string;
  id?: string;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <Highlights items={items} />
    </section>
  );
}

function Projects({
  projects,
  heading = '创新项目',
  id = 'projects',
}: {
  projects: Programme<'cxyy'>['projects'];
  heading?: string;
  id?: string;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <div className="cards">
        {projects.map((project) => (
          <article className="card" key={project.id}>
            <h3>{project.title}</h3>
            <p className="meta">{project.team}</p>
            <p>{project.text}</p>
            <p className="result">成果：{project.result}</p>
          </article>
        ))}
      </div>
    </section>
  );
}

function InnovationPage({
  context,
  categories,
  current,
  title,
  lead,
  children,
}: {
  context: PageContext;
  categories: InnovationCategory[];
  current: string;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return renderDocument(
    {
      title: `${title} - ${SECTION} - 智造云`,
      description: lead.slice(0, 120),
      canonical: current,
      children: (
        <main id="main" className="page with-side">
          <Breadcrumb trail={[{ label: SECTION, href: '/innovation-practice' }, { label: title }]} />
          <InnovationNav categories={categories} current={current} />
          <div className="side-content">
            <DetailHead eyebrow={SECTION} title={title} lead={lead} />
            {children}
          </div>
        </main>
      ),
    },
    context,
  );
}

/** A category's programme page, in its template. */
export function renderProgramme(
  context: PageContext,
  data: { categories: InnovationCategory[]; category: InnovationCategory; programme: Programme },
): string {
  const { programme, category } = data;
  return InnovationPage({
    context,
    categories: data.categories,
    current: categoryHref(category),
    title: category.title,
    lead: programme.intro,
    children:
      'stages' in programme ? (
        <Gswe programme={programme} />
      ) : (
        <Projects projects={(programme as Programme<'cxyy'>).projects} />
      ),
  });
}

/** The training factory: the facilities of every factory-style programme. */
export function renderTrainingFactory(
  context: PageContext,
  data: { categories: InnovationCategory[]; programmes: Array<Programme<'gswe'>> },
): string {
  return InnovationPage({
    context,
    categories: data.categories,
    current: '/innovation-practice/gswe-factory',
    title: '实训工厂',
    lead: '真实产线、真实设备、真实项目：实训工厂把数字化工厂搬进课堂，学员在可运行的产线上完成设备接入、系统配置与改善实践。',
    children: data.programmes.map((programme) => (
      <Facilities
        key={programme.categoryId}
        id={`facilities-${programme.categoryId}`}
        items={programme.facilities}
        heading={programme.title}
      />
    )),
  });
}

/** Collaborative innovation: the projects of every innovation-application programme. */
export function renderCollaborativeInnovation(
  context: PageContext,
  data: { categories: InnovationCategory[]; programmes: Array<Programme<'cxyy'>> },
): string {
  return InnovationPage({
    context,
    categories: data.categories,
    current: '/innovation-practice/collaborative-innovation',
    title: '协同创新',
    lead: '与制造企业、高校和科研院所共建联合课题，把一线的真实问题变成创新项目，把项目成果带回车间。',
    children: data.programmes.map((programme) => (
      <Projects
        key={programme.categoryId}
        id={`projects-${programme.categoryId}`}
        projects={programme.projects}
        heading={programme.title}
      />
    )),
  });
}

/** Every training category at a glance (also the page behind the legacy `bak_id` address). */
export function renderInnovationOverview(
  context: PageContext,
  data: { categories: InnovationCategory[]; current: string },
): string {
  return InnovationPage({
    context,
    categories: data.categories,
    current: data.current,
    title: '实训项目总览',
    lead: '智造云创新实训面向企业员工、院校学生与合作伙伴，提供工程师实训与创新应用两类项目。',
    children: (
      <div className="cards">
        {data.categories.map((category) => (
          <article className="card" key={category.id}>
            <h2>
              <a href={categoryHref(category)}>{category.title}</a>
            </h2>
            <p className="meta">{templateOf(category) === 'gswe' ? '工程师实训' : '创新应用'}</p>
          </article>
        ))}
      </div>
    ),
  });
}
