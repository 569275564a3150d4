import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_POLICY } from '../../../contract/rich-text';

const POLICY: sanitizeHtml.IOptions = RICH_TEXT_POLICY;

/**
 * Headings moved so the highest one in `html` becomes `h{from}`: content written
 * with h3 sections sits right under the page's h1 without skipping a level.
 */
function headingShift(html: string, from: number): sanitizeHtml.IOptions['transformTags'] {
  const levels = [...html.matchAll(/<h([2-4])\b/gi)].map((m) => Number(m[1]));
  const shift = levels.length ? Math.min(...levels) - from : 0;
  if (shift <= 0) return {};
  return Object.fromEntries([2, 3, 4].map((level) => [`h${level}`, `h${Math.max(from, level - shift)}`]));
}

/** Server-provided HTML, sanitised before it reaches the page. */
export function RichText({
  html,
  className = 'rich-text',
  headingsFrom,
}: {
  html: string;
  className?: string;
  /** The level the content's highest heading should have (where it sits right under the h1). */
  headingsFrom?: number;
}) {
  const policy = headingsFrom
    ? { ...POLICY, transformTags: { ...POLICY.transformTags, ...headingShift(html, headingsFrom) } }
    : POLICY;
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html, policy) }} />;
}

export const sanitize = (html: string) => sanitizeHtml(html, POLICY);
