import type { NewsCategory, NewsSummary } from '../../contract/content';
import { site } from '../data/site';
import { FEED_PATH } from './document';

/** How many of the latest news items the feed carries. */
export const FEED_ITEMS = 20;

/**
 * Text as XML character data: the five markup characters escaped (so `]]>` and
 * `</script>` are only text), and characters XML 1.0 cannot carry at all
 * (control characters, lone surrogates) dropped, or the whole feed would not parse.
 */
export const xmlText = (text: string) =>
  text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An ISO date as RSS wants it (RFC 822), or undefined when it is not a date. */
function rfc822(iso: string): string | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date.toUTCString();
}

const element = (name: string, text: string | undefined) => (text ? `<${name}>${xmlText(text)}</${name}>` : '');

/** The latest news as RSS 2.0: absolute links, each item's category, summary and date. */
export function newsFeedXml(origin: string, news: NewsSummary[], categories: NewsCategory[]): string {
  const categoryOf = new Map(categories.map((c) => [c.id, c.title]));
  const items = news.map((item) => {
    const link = `${origin}/news/${item.id}`;
    return [
      '<item>',
      element('title', item.title),
      element('link', link),
      `<guid isPermaLink="true">${xmlText(link)}</guid>`,
      element('pubDate', rfc822(item.publishedAt)),
      element('category', categoryOf.get(item.categoryId)),
      element('description', item.summary),
      '</item>',
    ].join('');
  });
  // The newest item's date, not the clock: the same news gives the same bytes (and ETag).
  const built = news.map((item) => rfc822(item.publishedAt)).find(Boolean);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
    element('title', `${site.shortName}新闻中心`),
    element('link', `${origin}/news/type`),
    element('description', '智造云公司新闻、行业动态、产品发布与活动会议。'),
    '<language>zh-cn</language>',
    element('lastBuildDate', built),
    `<atom:link href="${xmlText(origin + FEED_PATH)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel></rss>',
    '',
  ].join('\n');
}
