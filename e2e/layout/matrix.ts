import type { BrowserContextOptions } from '@playwright/test';

/** A screen the suite lays pages out on. Touch screens get the stricter target size. */
export interface Screen {
  width: number;
  label: string;
  touch: boolean;
  options: BrowserContextOptions;
}

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const TABLET_UA =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** Phones below 768 px, tablets up to the portal's mobile breakpoint (1023 px), desktops above. */
export function screen(width: number): Screen {
  if (width < 768)
    return {
      width,
      label: `${width} px phone`,
      touch: true,
      options: { viewport: { width, height: 800 }, userAgent: PHONE_UA, hasTouch: true, isMobile: true },
    };
  if (width <= 1023)
    return {
      width,
      label: `${width} px tablet`,
      touch: true,
      options: { viewport: { width, height: 1024 }, userAgent: TABLET_UA, hasTouch: true, isMobile: true },
    };
  return { width, label: `${width} px desktop`, touch: false, options: { viewport: { width, height: 900 } } };
}

/** Every page kind: at a phone and a desktop width. */
export const PAGE_WIDTHS = [390, 1440];

/**
 * The chrome-heavy pages: at every width where the chrome changes, in every state;
 * one test per kind of screen (phones, tablets, desktops).
 */
export const CHROME_SCREENS = [
  [360, 390],
  [768, 1023],
  [1024, 1280, 1920],
];
export const CHROME_WIDTHS = CHROME_SCREENS.flat();

/** One page of each kind in the README's route table (the other addresses render the same kinds). */
export const PAGE_KINDS = [
  '/',
  '/en',
  '/product',
  '/product/1',
  '/solution',
  '/solution/1',
  '/cases',
  '/cases/1',
  '/news',
  '/news/type/2',
  '/news/1',
  '/innovation-practice',
  '/innovation-practice/3',
  '/innovation-practice/gswe-factory',
  '/innovation-practice/collaborative-innovation',
  '/innovation-practice/bak_id',
  '/partners',
  '/about',
  '/help',
  '/help?id=49',
  '/info',
  '/info/1',
  '/mapsite',
  '/certification',
  '/feedback',
  '/transfer?url=https%3A%2F%2Fwww.miit.gov.cn%2F',
  '/waic',
  '/wj',
  '/propaganda-film',
  '/propaganda-film/2024',
  '/propaganda-film/2026/brand-2026',
  '/meiqia/card?type=1&associationNo=P2025001',
  '/topic/battery',
  '/searchRes?keyword=MES',
  '/docs',
];

/** Pages whose chrome (header, notice, float buttons, chat) is the point: `/product/1` is dark. */
export const CHROME_PAGES = ['/', '/product/1', '/news/1', '/topic/battery'];
