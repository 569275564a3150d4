import type { Lang } from '../core/i18n';

/** The topic page's sections, in page order (SPEC §2). */
export const TOPIC_ANCHORS = ['solution', 'product', 'customer', 'feature', 'case', 'problem'] as const;
export type TopicAnchor = (typeof TOPIC_ANCHORS)[number];

const LABELS: Record<Lang, Record<TopicAnchor, string>> = {
  'zh-CN': {
    solution: '方案概览',
    product: '产品库',
    customer: '客户痛点',
    feature: '方案特点',
    case: '成功案例',
    problem: '常见问题',
  },
  en: {
    solution: 'Overview',
    product: 'Products',
    customer: 'Pain points',
    feature: 'Features',
    case: 'Cases',
    problem: 'FAQ',
  },
};

export const anchorLabel = (anchor: TopicAnchor, lang: Lang) => LABELS[lang][anchor];

/** Scroll animation length (SPEC §9). */
export const TOPIC_SCROLL_MS = 500;

/**
 * Scrolls the page to `target` over 500 ms (an ease-in-out curve), or at once
 * for visitors who prefer reduced motion. Native smooth scrolling has no
 * duration to set, hence the animation.
 */
export function scrollToSection(target: Element, offset: number): Promise<void> {
  const to = target.getBoundingClientRect().top + window.scrollY - offset;
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, to);
    return Promise.resolve();
  }
  const from = window.scrollY;
  const started = performance.now();
  return new Promise((resolve) => {
    const step = (now: number) => {
      const t = Math.min(1, (now - started) / TOPIC_SCROLL_MS);
      const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
      window.scrollTo(0, from + (to - from) * eased);
      if (t < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}
