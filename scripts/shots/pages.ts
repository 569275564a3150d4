import type { Page } from '@playwright/test';

/** The servers `npm start` runs, as the shots reach them. */
export interface Servers {
  portal: string;
  console: string;
  gallery: string;
  /** An order of `demo`'s, placed as the run began (null when that failed). */
  orderNo: string | null;
}

/** One page kind, shot at every width. Its `name` is its files' name: keep it when the page changes. */
export interface ShotPage {
  name: string;
  title: string;
  address: (servers: Servers) => string | null;
  /** Signed in as `demo` (portal and console) and as the agent (inbox). */
  signedIn?: boolean;
  /** No cookie consent yet: the notice shows. Every other shot has agreed. */
  cookieNotice?: boolean;
  /** The address of its dark version, where it has one of its own (beside `prefers-color-scheme`). */
  darkAddress?: (servers: Servers) => string;
  /** What to do on the page before the shot. */
  prepare?: (page: Page) => Promise<void>;
}

const at =
  (path: string) =>
  ({ portal }: Servers) =>
    portal + path;

/** Opens the chat panel as the page's own button does, and waits for it. */
async function openChat(page: Page) {
  await page.getByRole('button', { name: '在线咨询' }).click();
  await page.getByRole('dialog', { name: '在线客服' }).waitFor({ state: 'visible', timeout: 15_000 });
}

/** Every page kind of the README's route table, the order pages, the docs, the agent inbox and the local console. */
export const PAGES: ShotPage[] = [
  { name: 'home', title: '首页 /', address: at('/') },
  { name: 'home-cookie-notice', title: '首页，Cookie 提示', address: at('/'), cookieNotice: true },
  { name: 'home-en', title: 'English home /en', address: at('/en') },
  { name: 'product-list', title: '产品中心 /product（深色）', address: at('/product') },
  { name: 'product-detail', title: '产品详情 /product/1（深色）', address: at('/product/1') },
  { name: 'product-chat', title: '产品详情，在线客服打开', address: at('/product/1'), prepare: openChat },
  { name: 'solution-list', title: '解决方案 /solution', address: at('/solution') },
  { name: 'solution-detail', title: '方案详情 /solution/1', address: at('/solution/1') },
  { name: 'case-list', title: '案例中心 /cases', address: at('/cases') },
  { name: 'case-detail', title: '案例详情 /cases/1', address: at('/cases/1') },
  { name: 'news-list', title: '新闻中心 /news/type', address: at('/news/type') },
  { name: 'news-detail', title: '新闻详情 /news/1', address: at('/news/1') },
  {
    name: 'innovation-gswe',
    title: '创新实训（gswe）/innovation-practice/1/1',
    address: at('/innovation-practice/1/1'),
  },
  {
    name: 'innovation-cxyy',
    title: '创新实训（cxyy）/innovation-practice/3/2',
    address: at('/innovation-practice/3/2'),
  },
  { name: 'innovation-factory', title: '实训工厂', address: at('/innovation-practice/gswe-factory') },
  { name: 'innovation-collaborative', title: '协同创新', address: at('/innovation-practice/collaborative-innovation') },
  { name: 'innovation-overview', title: '实训项目总览 /bak_id', address: at('/innovation-practice/bak_id') },
  { name: 'partners', title: '生态合作 /partners', address: at('/partners') },
  { name: 'about', title: '关于我们 /about', address: at('/about') },
  { name: 'help', title: '帮助中心 /help', address: at('/help') },
  { name: 'help-privacy', title: '隐私政策 /help?id=49', address: at('/help?id=49') },
  { name: 'info-list', title: '信息公开 /info', address: at('/info') },
  { name: 'info-detail', title: '信息详情 /info/1', address: at('/info/1') },
  { name: 'site-map', title: '网站地图 /mapsite', address: at('/mapsite') },
  { name: 'certification', title: '企业认证 /certification', address: at('/certification') },
  { name: 'feedback', title: '意见反馈 /feedback', address: at('/feedback') },
  { name: 'transfer', title: '即将离开 /transfer', address: at('/transfer?url=https%3A%2F%2Fwww.miit.gov.cn%2F') },
  { name: 'waic', title: 'WAIC /waic', address: at('/waic') },
  { name: 'questionnaire', title: '问卷 /wj', address: at('/wj') },
  { name: 'film-list', title: '宣传片 /propaganda-film', address: at('/propaganda-film') },
  { name: 'film-detail', title: '宣传片播放', address: at('/propaganda-film/2026/brand-2026') },
  { name: 'chat-card', title: '咨询卡片 /meiqia/card', address: at('/meiqia/card?type=1&associationNo=P2025001') },
  { name: 'topic', title: '专题 /topic/battery', address: at('/topic/battery') },
  { name: 'search', title: '搜索结果 /searchRes?keyword=MES', address: at('/searchRes?keyword=MES') },
  { name: 'search-empty', title: '搜索无结果', address: at(`/searchRes?keyword=${encodeURIComponent('无此内容')}`) },
  {
    name: 'not-found',
    title: '404（停留在此页）',
    address: at('/no-such-page'),
    // Otherwise it returns home after 3 s, maybe before the shot.
    prepare: (page) => page.getByRole('button', { name: '停留在此页' }).click(),
  },
  {
    name: 'order-create',
    title: '下单 /order/create（demo）',
    address: at('/order/create?productId=1'),
    signedIn: true,
  },
  {
    name: 'order-success',
    title: '下单成功（demo）',
    address: (s) => s.orderNo && `${s.portal}/order/success?orderNo=${s.orderNo}`,
    signedIn: true,
  },
  { name: 'order-list', title: '我的订单 /order（demo）', address: at('/order'), signedIn: true },
  {
    name: 'order-detail',
    title: '订单详情（demo）',
    address: (s) => s.orderNo && `${s.portal}/order/${s.orderNo}`,
    signedIn: true,
  },
  { name: 'docs', title: '元素文档 /docs', address: at('/docs') },
  { name: 'docs-element', title: '元素文档 /docs/portal-header', address: at('/docs/portal-header') },
  { name: 'agent-inbox', title: '客服工作台 /chat/agent', address: at('/chat/agent'), signedIn: true },
  { name: 'console', title: '本地控制台 /welcome（demo）', address: (s) => `${s.console}/welcome`, signedIn: true },
  {
    name: 'gallery',
    title: '元素画廊（演示站）',
    address: (s) => `${s.gallery}/`,
    darkAddress: (s) => `${s.gallery}/?theme=dark`,
    // It shows every element, the cookie notice among them.
    cookieNotice: true,
  },
];

/** The widths a page is shot at: a phone (its user agent, touch), a small laptop, a desktop. */
export const WIDTHS = [
  { width: 390, height: 844, phone: true },
  { width: 1024, height: 768, phone: false },
  { width: 1440, height: 900, phone: false },
] as const;

export type Width = (typeof WIDTHS)[number];

export const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** A shot's file: the same name in every run, so two runs compare file by file. */
export const shotFile = (page: string, width: number, scheme: 'light' | 'dark') =>
  `${page}--${width}${scheme === 'dark' ? '--dark' : ''}.png`;
