/**
 * Money and time as every room shows them (pages, the order list, the agent
 * inbox): one formatter, so a price or a time reads the same on the server's
 * pages and in any visitor's browser.
 */

/** The product's time zone: a time reads the same on the server and in any browser, wherever it is. */
export const TIME_ZONE = 'Asia/Shanghai';

/**
 * Whole yuan without decimals, the rest to the fen: ¥19,800, ¥1,234.5. The
 * pages always showed prices so (their tests read `¥19,800/年`); the order list
 * now agrees with them.
 */
const money = new Intl.NumberFormat('zh-CN', {
  style: 'currency',
  currency: 'CNY',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** Yuan from fen, as a Chinese price: ¥19,800. */
export const yuan = (fen: number): string => money.format(fen / 100);

/** Yuan from fen as data, not display (schema.org's `price`): a plain decimal, 19800.00. */
export const yuanAmount = (fen: number): string => (fen / 100).toFixed(2);

const inChina = { timeZone: TIME_ZONE, hourCycle: 'h23' } as const;
const clock = new Intl.DateTimeFormat('zh-CN', { ...inChina, hour: '2-digit', minute: '2-digit' });
const dayAndClock = new Intl.DateTimeFormat('zh-CN', {
  ...inChina,
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
const fullByLanguage = new Map<string, Intl.DateTimeFormat>();

type When = number | string | Date;
const dateOf = (when: When) => (when instanceof Date ? when : new Date(when));

/** A time of day: 20:43. */
export const clockTime = (when: When): string => clock.format(dateOf(when));

/** A day and a time of day: 11/25 20:43. */
export const dayTime = (when: When): string => dayAndClock.format(dateOf(when));

/** A full date and time in the reader's language (`zh-CN`: 2026/11/25 20:43:05; `en`: 11/25/2026, 20:43:05). */
export function dateTime(when: When, lang = 'zh-CN'): string {
  let format = fullByLanguage.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, {
      ...inChina,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
    });
    fullByLanguage.set(lang, format);
  }
  return format.format(dateOf(when));
}
