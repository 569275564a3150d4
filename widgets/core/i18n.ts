import type { Lang } from '../../contract/page-data';

export type { Lang } from '../../contract/page-data';

/**
 * The language of a widget: its own `lang` attribute, else the nearest `lang`
 * around it (usually the page's `<html lang>`), else Chinese.
 */
export function resolveLang(host: HTMLElement, own?: string): Lang {
  const value = own ?? host.closest('[lang]')?.getAttribute('lang') ?? '';
  return /^en\b/i.test(value) ? 'en' : 'zh-CN';
}
