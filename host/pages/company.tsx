import type { PageSection } from '../../contract/content';
import { Breadcrumb } from './content/parts';
import { RichText } from './content/rich-text';
import { type PageContext, renderDocument } from './document';

const PAGES = {
  partners: {
    title: '生态合作',
    description: '加入智造云合作伙伴计划：合作优势、伙伴体系、伙伴权益与加入流程。',
  },
  about: {
    title: '关于我们',
    description: '智造云公司简介、企业文化、发展历程、荣誉资质、团队、社会责任、加入我们与联系方式。',
  },
} as const;

/**
 * A page of anchored sections (partners, about): a table of contents whose links
 * jump to each section, so `/partners#tixi` and the footer's anchors land on it.
 */
export function renderSectionsPage(context: PageContext, page: keyof typeof PAGES, sections: PageSection[]): string {
  const { title, description } = PAGES[page];
  return renderDocument(
    {
      title: `${title} - 智造云`,
      description,
      canonical: `/${page}`,
      children: (
        <main id="main" className="page">
          <Breadcrumb trail={[{ label: title }]} />
          <h1>{title}</h1>
          <nav className="anchors" aria-label={`${title}目录`}>
            {sections.map((section) => (
              <a key={section.anchor} href={`#${section.anchor}`}>
                {section.title}
              </a>
            ))}
          </nav>
          {sections.map((section) => (
            <section
              key={section.anchor}
              id={section.anchor}
              className="anchored"
              aria-labelledby={`${section.anchor}-title`}
            >
              <h2 id={`${section.anchor}-title`}>{section.title}</h2>
              <RichText html={section.html} />
            </section>
          ))}
        </main>
      ),
    },
    context,
  );
}
