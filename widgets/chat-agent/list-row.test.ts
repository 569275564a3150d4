import { sendKeys } from '@web/test-runner-commands';
import { expect } from 'chai';
import { createElement, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { INBOX_STYLE } from '../../backend/chat/agent-styles';
import { INBOX_SEARCH_STYLE } from '../../backend/chat/inbox-search-styles';
import { type ConversationSummary, type InboxPage, type InboxQuery, inboxHref } from '../../contract/chat-inbox';
import { axeViolations } from '../test-support/axe';
import { ListRow, type ListRowProps } from './entry';
import { SearchForm } from './search-form';

/** The inbox's own rules, as its page sends them. */
const style = document.createElement('style');
style.textContent = INBOX_STYLE + INBOX_SEARCH_STYLE;
document.head.append(style);

const summary = (id: number, extra: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id,
  signedIn: false,
  name: null,
  mobile: null,
  origin: 'http://127.0.0.1',
  createdAt: 1_795_000_000_000,
  updatedAt: 1_795_000_000_000 + id,
  unread: 1,
  unanswered: true,
  product: null,
  last: { id, conversationId: id, sender: 'visitor', kind: 'text', text: `刷屏 ${id}`, clientId: null, createdAt: 0 },
  ...extra,
});
const OFFICE = '203.0.113.7';
const office = summary(300, { group: { address: OFFICE, count: 300, unanswered: 300 } });
const link = (c: ConversationSummary) =>
  createElement('a', { className: 'entry', href: `/chat/agent?open=${c.id}` }, `访客 ${c.id}`);
const officePage = (older: string | null): InboxPage => ({
  conversations: [office, summary(299), summary(298)],
  from: 1,
  total: 300,
  unanswered: 300,
  rows: 300,
  older,
  newer: null,
});

/** A list as the inbox's (its rules apply inside `nav.list`), and what draws in it, again and again. */
function list(): { nav: HTMLElement; draw: (content: ReactNode) => void } {
  document.body.textContent = '';
  const nav = document.createElement('nav');
  nav.className = 'list';
  nav.setAttribute('aria-label', '会话列表');
  document.body.append(nav);
  const root = createRoot(nav);
  return { nav, draw: (content) => root.render(content) };
}
const row = (props: Partial<ListRowProps>) =>
  createElement(
    'ul',
    null,
    createElement('li', null, createElement(ListRow, { conversation: office, link, ...props })),
  );

describe('the agent inbox’s rows and search', () => {
  it('shows an address’s many as one row, whose button opens the others beneath it by keyboard', async () => {
    let toggled = 0;
    const onToggle = () => toggled++;
    const { nav, draw } = list();
    draw(row({ onToggle }));
    const button = nav.querySelector('button') as HTMLButtonElement;
    expect(button.textContent).to.equal('同一地址还有 299 个会话（299 个未回复）');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    const beneath = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(beneath.hidden).to.equal(true);
    expect(button.getBoundingClientRect().height).to.be.at.least(44);
    expect(nav.querySelectorAll('a.entry')).to.have.length(1);

    button.focus();
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Space' });
    expect(toggled).to.equal(2);

    draw(row({ onToggle, sameAddress: null }));
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(document.activeElement, 'focus stays on the button').to.equal(button);
    expect(nav.querySelector('.same-address-list')?.textContent).to.equal('正在加载…');

    const all = createElement('a', { className: 'same-address', href: `/chat/agent?address=${OFFICE}` }, '查看全部');
    draw(row({ onToggle, sameAddress: officePage('1-1'), allLink: all }));
    const others = [...nav.querySelectorAll('.same-address-list a.entry')].map((a) => a.textContent);
    expect(others, 'the others, the row’s own conversation not twice').to.deep.equal(['访客 299', '访客 298']);
    expect(nav.querySelector('.same-address-list a.same-address')?.textContent).to.equal('查看全部');
    expect(await axeViolations(nav)).to.deep.equal([]);

    draw(row({ onToggle, sameAddress: officePage(null), allLink: all }));
    expect(nav.querySelector('.same-address-list a.same-address'), 'no more than a page: no link').to.equal(null);
  });

  it('brings the others into view when they come, in a list that scrolls by itself (a phone’s)', async () => {
    const { nav, draw } = list();
    // The list as a phone shows it: its own scroller, the row at its fold.
    nav.style.cssText = 'max-height: 160px; overflow: auto';
    const filler = Array.from({ length: 2 }, (_, i) => createElement('li', { key: i, style: { height: '60px' } }, '·'));
    const drawn = (props: Partial<ListRowProps>) =>
      createElement(
        'ul',
        null,
        ...filler,
        createElement('li', { key: 'office' }, createElement(ListRow, { conversation: office, link, ...props })),
      );
    draw(drawn({ sameAddress: null }));
    draw(drawn({ sameAddress: officePage(null) }));
    // Effects run after the frame is painted.
    for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    const shown = nav.getBoundingClientRect();
    const last = [...nav.querySelectorAll('.same-address-list a.entry')].at(-1)?.getBoundingClientRect();
    expect(last?.bottom, 'the last of the others is within the list’s view').to.be.at.most(shown.bottom + 1);
  });

  it('a conversation standing alone is its link only', () => {
    const { nav, draw } = list();
    draw(row({ conversation: summary(7) }));
    expect(nav.querySelector('button')).to.equal(null);
    expect(nav.querySelector('a.entry')?.textContent).to.equal('访客 7');
  });

  it('searches on Enter and filters as soon as a box is ticked, keeping the view, from page one', async () => {
    const asked: InboxQuery[] = [];
    const query: InboxQuery = { show: 'unanswered', before: '1-1', address: OFFICE };
    const { nav, draw } = list();
    draw(createElement(SearchForm, { query, onSearch: (next: InboxQuery) => asked.push(next) }));
    const last = () => inboxHref(asked.at(-1) ?? {});
    const box = nav.querySelector('input[type=search]') as HTMLInputElement;
    expect(box.labels?.[0]?.textContent).to.equal('搜索姓名、手机、产品或消息');
    box.focus();
    await sendKeys({ type: ' 张明 ' });
    await sendKeys({ press: 'Enter' });
    expect(last()).to.equal(inboxHref({ show: 'unanswered', q: '张明', address: OFFICE }));

    const [signedIn, withCard] = [...nav.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
    expect(signedIn?.labels?.[0]?.textContent?.trim()).to.equal('只看已登录客户');
    expect(withCard?.labels?.[0]?.textContent?.trim()).to.equal('只看带产品卡片的会话');
    signedIn?.focus();
    await sendKeys({ press: 'Space' });
    expect(last()).to.equal(inboxHref({ show: 'unanswered', q: '张明', signedIn: true, address: OFFICE }));
    expect(signedIn?.checked).to.equal(true);

    for (const control of [box, nav.querySelector('button'), signedIn?.labels?.[0], withCard?.labels?.[0]])
      expect(control?.getBoundingClientRect().height, control?.textContent ?? 'search box').to.be.at.least(44);
    expect(await axeViolations(nav)).to.deep.equal([]);
  });
});
