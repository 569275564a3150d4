import type { Lang } from '../core/i18n';
import type { FriendlyLink } from '../core/stores/friendly-links';
import type { PageCommon } from '../core/stores/page-common';
import { innovationHref } from '../header/menu';

/** Footer facts beyond the spec's footerCommonDTO fields (the portal API adds them). */
export interface FooterExtras {
  complaintHotline?: string;
  copyright?: string;
  icp?: string;
  publicSecurity?: { text: string; url: string };
}

export interface FooterViewProps {
  lang: Lang;
  pageCommon: PageCommon | null;
  friendlyLinks: FriendlyLink[];
  /** Which column is open on mobile (columns collapse there). */
  openColumn: number | null;
  onToggleColumn?: (index: number) => void;
  base: string;
}

const TEXT = {
  'zh-CN': {
    columns: ['热门产品', '常用解决方案', '创新实训', '新闻中心', '生态伙伴', '关于我们'],
    partners: [
      ['youshi', '合作优势'],
      ['tixi', '合作体系'],
      ['quanyi', '伙伴权益'],
      ['liucheng', '加入流程'],
    ],
    about: [
      ['intro', '公司简介'],
      ['culture', '企业文化'],
      ['history', '发展历程'],
      ['honor', '荣誉资质'],
      ['team', '核心团队'],
      ['responsibility', '社会责任'],
      ['join', '加入我们'],
      ['contact', '联系我们'],
    ],
    hotline: '服务热线',
    complaint: '投诉热线',
    hours: '服务时间',
    address: '地址',
    links: '友情链接',
    help: '帮助中心',
    privacy: '隐私政策',
    sitemap: '网站地图',
    noItems: '暂无内容',
  },
  en: {
    columns: ['Popular products', 'Solutions', 'Innovation training', 'News', 'Partners', 'About'],
    partners: [
      ['youshi', 'Why partner'],
      ['tixi', 'Programme'],
      ['quanyi', 'Benefits'],
      ['liucheng', 'How to join'],
    ],
    about: [
      ['intro', 'Company'],
      ['culture', 'Culture'],
      ['history', 'History'],
      ['honor', 'Awards'],
      ['team', 'Team'],
      ['responsibility', 'Responsibility'],
      ['join', 'Careers'],
      ['contact', 'Contact'],
    ],
    hotline: 'Service hotline',
    complaint: 'Complaints',
    hours: 'Service hours',
    address: 'Address',
    links: 'Links',
    help: 'Help centre',
    privacy: 'Privacy policy',
    sitemap: 'Site map',
    noItems: 'Nothing yet',
  },
} as const;

type Column = { title: string; links: Array<{ label: string; href: string }> };

function columnsOf(pageCommon: PageCommon | null, lang: Lang): Column[] {
  const text = TEXT[lang];
  const [products, solutions, innovation, news, partners, about] = text.columns;
  return [
    {
      title: products,
      links: (pageCommon?.commonHotProductSingleDTO.commonHotProductDTOList ?? []).map((p) => ({
        label: p.productName,
        href: `/product/${p.productId}`,
      })),
    },
    {
      title: solutions,
      links: (pageCommon?.commonSolutionSingleDTO.solutionDTOList ?? []).map((s) => ({
        label: s.title,
        href: `/solution/${s.id}`,
      })),
    },
    {
      title: innovation,
      links: (pageCommon?.innovationPracticeNav ?? []).map((c) => ({ label: c.title, href: innovationHref(c) })),
    },
    {
      title: news,
      links: (pageCommon?.newsCategoryDTOList ?? []).map((c) => ({ label: c.title, href: `/news/type/${c.id}` })),
    },
    { title: partners, links: text.partners.map(([anchor, label]) => ({ label, href: `/partners#${anchor}` })) },
    { title: about, links: text.about.map(([anchor, label]) => ({ label, href: `/about#${anchor}` })) },
  ];
}

/** The portal footer as plain markup: rendered by the server, hydrated in the browser. */
/** A badge the site's owner set at an address of its own (a CDN) is shown as given; the portal's are on its origin. */
const badgeSrc = (base: string, photo: string) => (/^https?:\/\//.test(photo) ? photo : `${base}${photo}`);

export function FooterView({ lang, pageCommon, friendlyLinks, openColumn, onToggleColumn, base }: FooterViewProps) {
  const text = TEXT[lang];
  const facts = (pageCommon?.footerCommonDTO ?? {}) as Partial<PageCommon['footerCommonDTO']> & FooterExtras;
  return (
    <footer className="footer" part="footer">
      <div className="top">
        <div className="columns">
          {columnsOf(pageCommon, lang).map((column, index) => (
            <section key={column.title} className={openColumn === index ? 'column open' : 'column'} part="column">
              <h2 className="heading">
                <button
                  type="button"
                  className="toggle"
                  aria-expanded={openColumn === index ? 'true' : 'false'}
                  aria-controls={`column-${index}`}
                  onClick={() => onToggleColumn?.(index)}
                >
                  {column.title}
                </button>
                <span className="title">{column.title}</span>
              </h2>
              <ul id={`column-${index}`} className="links">
                {column.links.length ? (
                  column.links.map((link) => (
                    <li key={link.href}>
                      <a href={`${base}${link.href}`}>{link.label}</a>
                    </li>
                  ))
                ) : (
                  <li className="none">{text.noItems}</li>
                )}
              </ul>
            </section>
          ))}
        </div>
        <div className="contact" part="contact">
          <div className="badges">
            {[
              [facts.photo1, facts.title1],
              [facts.photo2, facts.title2],
            ].map(([photo, title]) =>
              photo ? (
                <figure key={title ?? photo} className="badge">
                  <img src={badgeSrc(base, photo)} alt={title ?? ''} width="96" height="96" loading="lazy" />
                  <figcaption>{title}</figcaption>
                </figure>
              ) : null,
            )}
          </div>
          <dl className="facts">
            {facts.serviceHotline && (
              <>
                <dt>{text.hotline}</dt>
                <dd>
                  <a href={`tel:${facts.serviceHotline.replace(/[^\d+]/g, '')}`}>{facts.serviceHotline}</a>
                </dd>
              </>
            )}
            {facts.complaintHotline && (
              <>
                <dt>{text.complaint}</dt>
                <dd>
                  <a href={`tel:${facts.complaintHotline.replace(/[^\d+]/g, '')}`}>{facts.complaintHotline}</a>
                </dd>
              </>
            )}
            {facts.serviceTime && (
              <>
                <dt>{text.hours}</dt>
                <dd>{facts.serviceTime}</dd>
              </>
            )}
            {facts.address && (
              <>
                <dt>{text.address}</dt>
                <dd>{facts.address}</dd>
              </>
            )}
          </dl>
        </div>
      </div>
      {friendlyLinks.length > 0 && (
        <nav className="friends" part="friendly-links" aria-label={text.links}>
          <span className="friends-title">{text.links}</span>
          <ul>
            {friendlyLinks.map((link) => (
              <li key={link.id}>
                <a href={link.url} rel="nofollow noopener" target="_blank">
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="legal" part="legal">
        <span>{facts.copyright}</span>
        {facts.icp && (
          <a href="https://beian.miit.gov.cn/" rel="nofollow noopener" target="_blank">
            {facts.icp}
          </a>
        )}
        {facts.publicSecurity && (
          <a href={facts.publicSecurity.url} rel="nofollow noopener" target="_blank">
            {facts.publicSecurity.text}
          </a>
        )}
        <a href={`${base}/help`}>{text.help}</a>
        <a href={`${base}/help?id=49`}>{text.privacy}</a>
        <a href={`${base}/mapsite`}>{text.sitemap}</a>
      </div>
    </footer>
  );
}
