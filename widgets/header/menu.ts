import type { Lang } from '../core/i18n';
import type { PageCommon } from '../core/stores/page-common';

export interface MenuEntry {
  label: string;
  href: string;
  /** The entry is active when the current path contains this (SPEC §2). */
  value: string;
  /** Innovation training lists its categories below it. */
  children?: Array<{ label: string; href: string }>;
}

const LABELS = {
  'zh-CN': ['产品中心', '解决方案', '案例中心', '创新实训', '新闻中心', '生态伙伴', '关于我们', '暂无分类'],
  en: ['Products', 'Solutions', 'Cases', 'Innovation training', 'News', 'Partners', 'About', 'No categories yet'],
} as const;

export const innovationHref = (category: { id: number; menuTemplateId: number }) =>
  `/innovation-practice/${category.id}/${category.menuTemplateId}`;

/** The header's entries; innovation training goes to its first category. */
export function menuEntries(pageCommon: PageCommon | null, lang: Lang): MenuEntry[] {
  const [product, solution, cases, innovation, news, partners, about, none] = LABELS[lang];
  const categories = pageCommon?.innovationPracticeNav ?? [];
  const first = categories[0];
  return [
    { label: product, href: '/product', value: '/product' },
    { label: solution, href: '/solution', value: '/solution' },
    { label: cases, href: '/cases', value: '/cases' },
    {
      label: innovation,
      href: first ? innovationHref(first) : '/innovation-practice',
      value: '/innovation-practice',
      children: categories.length
        ? categories.map((category) => ({ label: category.title, href: innovationHref(category) }))
        : [{ label: none, href: '' }],
    },
    // Every news page (the list, a category, an article) is the news centre's, not only /news/type.
    { label: news, href: '/news/type', value: '/news' },
    { label: partners, href: '/partners', value: '/partners' },
    { label: about, href: '/about', value: '/about' },
  ];
}

export const isActive = (path: string, entry: Pick<MenuEntry, 'value'>) => path.includes(entry.value);
