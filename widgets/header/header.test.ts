import { emulateMedia, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { expect } from 'chai';
import { $pageCommon, type PageCommon } from '../core/stores/page-common';
import { setUserInfo } from '../core/stores/user';
import { axeViolations } from '../test-support/axe';
import { actAsPhone } from '../test-support/phone';
import { waitFor, waitForStyles } from '../test-support/wait';
import { isActive, menuEntries } from './menu';
import './header.element';

const shadow = (el: Element) => el.shadowRoot!;
const links = (el: Element) => [...shadow(el).querySelectorAll<HTMLAnchorElement>('a.link')];
const toggle = (el: Element) => shadow(el).querySelector<HTMLButtonElement>('button.toggle')!;
const home = location.pathname + location.search;

const common = (innovation: PageCommon['innovationPracticeNav']) =>
  ({
    commonHotProductSingleDTO: { commonHotProductDTOList: [] },
    commonSolutionSingleDTO: { solutionDTOList: [] },
    innovationPracticeNav: innovation,
    newsCategoryDTOList: [],
    logoDTO: { photo: '/media/logo.svg' },
    footerCommonDTO: {},
    navStatus: false,
  }) as unknown as PageCommon;

async function mount(): Promise<HTMLElement> {
  const element = document.createElement('portal-header');
  document.body.prepend(element);
  await waitForStyles(element);
  await waitFor(() => links(element).length === 7, 'seven entries');
  return element;
}

describe('<portal-header>', () => {
  afterEach(async () => {
    for (const element of document.querySelectorAll('portal-header, .filler')) element.remove();
    history.replaceState(null, '', home);
    await setViewport({ width: 1440, height: 900 });
    window.scrollTo(0, 0);
  });

  it('fetches the common data itself on a page that did not provide it', async () => {
    const element = await mount();
    await waitFor(
      () => links(element)[3]?.getAttribute('href') === '/innovation-practice/7/1',
      'first innovation category',
    );
    const children = [...shadow(element).querySelectorAll('.children a')].map((a) => a.textContent);
    expect(children).to.deep.equal(['数字化工厂实训', '创新应用']);
  });

  it("shows '暂无分类' when innovation training has no categories", async () => {
    $pageCommon.set(common([]));
    const element = await mount();
    expect(shadow(element).querySelector('.children .empty')?.textContent).to.equal('暂无分类');
  });

  it('marks the entry whose value the current path contains', async () => {
    $pageCommon.set(common([{ id: 3, title: '工程师实训', menuTemplateId: 1 }]));
    const element = await mount();
    const current = () =>
      links(element)
        .filter((a) => a.getAttribute('aria-current') === 'page')
        .map((a) => a.textContent);
    history.pushState(null, '', '/product/3');
    await waitFor(() => current()[0] === '产品中心', 'product centre active');
    history.pushState(null, '', '/news/type/2');
    await waitFor(() => current()[0] === '新闻中心', 'news active');
    expect(current()).to.have.length(1);
    // Every news page is the news centre's: the list, a category, an article.
    history.pushState(null, '', '/news/12');
    await waitFor(() => current()[0] === '新闻中心', 'news active on an article');
    history.pushState(null, '', '/about');
    await waitFor(() => current()[0] === '关于我们', 'about active');
    history.pushState(null, '', '/news');
    await waitFor(() => current()[0] === '新闻中心', 'news active on the list');
  });

  it('follows the rule of SPEC §2 for every entry', () => {
    const entries = menuEntries(null, 'zh-CN');
    expect(entries.map((e) => e.value)).to.deep.equal([
      '/product',
      '/solution',
      '/cases',
      '/innovation-practice',
      '/news',
      '/partners',
      '/about',
    ]);
    expect(isActive('/innovation-practice/3/1', entries[3]!)).to.equal(true);
    expect(isActive('/about', entries[0]!)).to.equal(false);
  });

  it('opens the mobile menu, locks page scrolling, keeps Tab inside, and closes on Escape back to the toggle', async () => {
    await setViewport({ width: 390, height: 844 });
    const element = await mount();
    expect(getComputedStyle(toggle(element)).display).not.to.equal('none');
    expect(toggle(element).getAttribute('aria-expanded')).to.equal('false');
    toggle(element).focus();
    toggle(element).click();
    await waitFor(() => toggle(element).getAttribute('aria-expanded') === 'true', 'menu open');
    expect(getComputedStyle(shadow(element).querySelector('nav')!).display).to.equal('block');
    await waitFor(() => document.documentElement.style.overflow === 'hidden', 'page scrolling locked');
    expect(toggle(element).getAttribute('aria-label')).to.equal('关闭菜单');
    // Focus goes to the first entry; Tab goes round the entries and the toggle.
    const focused = () => shadow(element).activeElement;
    await waitFor(() => focused() === links(element)[0], 'focus on the first entry');
    const stops = shadow(element).querySelectorAll('#menu a[href]').length;
    for (let i = 0; i < stops; i++) await sendKeys({ press: 'Tab' });
    expect(focused()).to.equal(toggle(element));
    await sendKeys({ press: 'Tab' });
    expect(focused()).to.equal(links(element)[0]);
    await sendKeys({ press: 'Shift+Tab' });
    expect(focused()).to.equal(toggle(element));
    await sendKeys({ press: 'Escape' });
    await waitFor(() => toggle(element).getAttribute('aria-expanded') === 'false', 'menu closed');
    expect(focused()).to.equal(toggle(element));
    await waitFor(() => document.documentElement.style.overflow === '', 'page scrolling back');
  });

  it('hides while scrolling down and shows again on the way up', async () => {
    const filler = document.createElement('div');
    filler.className = 'filler';
    filler.style.height = '4000px';
    document.body.append(filler);
    const element = await mount();
    // The visitor keeps scrolling, a little each frame: the header listens only
    // after its mount delay, however long the machine takes to get there.
    const scrollBy = (step: number) => () => {
      window.scrollTo(0, window.scrollY + step);
      return element.hasAttribute('data-hidden') === step > 0;
    };
    window.scrollTo(0, 300);
    await waitFor(scrollBy(10), 'hidden on the way down', 5000);
    expect(window.scrollY).to.be.greaterThan(300);
    await waitFor(scrollBy(-10), 'shown on the way up', 5000);
  });

  it('brings the sign-in widget’s code with it, and leaves the widget out with no-login', async () => {
    const element = await mount();
    expect(shadow(element).querySelector('portal-login')).to.not.equal(null);
    await waitFor(() => customElements.get('portal-login'), 'the sign-in defined, with no loader on this page');
    element.setAttribute('no-login', '');
    await waitFor(() => !shadow(element).querySelector('portal-login'), 'sign-in widget gone');
    element.setAttribute('no-login', 'false');
    await waitFor(() => shadow(element).querySelector('portal-login'), 'sign-in widget back');
    // The property, as a framework sets it: a boolean (typed so in the package).
    const typed = element as unknown as { noLogin: boolean };
    typed.noLogin = true;
    await waitFor(() => !shadow(element).querySelector('portal-login'), 'gone again for noLogin = true');
    typed.noLogin = false;
    await waitFor(() => shadow(element).querySelector('portal-login'), 'back for noLogin = false');
  });

  it('closes a submenu on Escape, opened by focus or by the pointer, and opens it again after, on Tab too (WCAG 1.4.13)', async () => {
    const element = await mount();
    const entry = shadow(element).querySelector<HTMLElement>('.has-children')!;
    const submenu = entry.querySelector<HTMLElement>('.children')!;
    const shown = () => getComputedStyle(submenu).display !== 'none';
    const parent = entry.querySelector<HTMLAnchorElement>('a.link')!;
    // By keyboard: focus in the submenu; Escape hides it and focus goes to its entry.
    parent.focus();
    await waitFor(shown, 'shown while its entry has focus');
    await sendKeys({ press: 'Tab' });
    expect(shadow(element).activeElement, 'focus in the submenu').to.equal(submenu.querySelector('a'));
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !shown(), 'hidden after Escape');
    expect(shadow(element).activeElement).to.equal(parent);
    await sendKeys({ press: 'Shift+Tab' });
    await sendKeys({ press: 'Tab' });
    await waitFor(shown, 'shown again when focus comes back');
    parent.blur();
    // By pointer: hovered open; Escape hides it until the pointer leaves and comes back.
    const box = parent.getBoundingClientRect();
    const over = {
      type: 'move' as const,
      position: [Math.round(box.x + 8), Math.round(box.y + box.height / 2)] as [number, number],
    };
    await sendMouse(over);
    await waitFor(shown, 'shown under the pointer');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !shown(), 'hidden after Escape under the pointer');
    await sendMouse({ type: 'move', position: [5, 600] });
    await sendMouse(over);
    await waitFor(shown, 'shown when the pointer comes back');
    // Dismissed under the pointer, the submenu is still next in Tab order from its entry.
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !shown(), 'hidden after Escape under the pointer, again');
    parent.focus();
    await sendKeys({ press: 'Tab' });
    await waitFor(shown, 'shown again when Tab moves on into it');
    expect(shadow(element).activeElement, 'Tab goes into the submenu').to.equal(submenu.querySelector('a'));
    await sendMouse({ type: 'move', position: [5, 600] });
  });

  it('follows the visitor’s colour scheme with theme="auto": colours and the logo’s word mark', async () => {
    const element = await mount();
    element.setAttribute('theme', 'auto');
    const background = () => getComputedStyle(element).backgroundColor;
    // The logo the browser shows: the `<source>` for dark schemes, when its media
    // matches. Not the image's currentSrc: Chromium paints the version a source
    // picks but may go on reporting the address it first loaded, which made this
    // test depend on how fast the logo arrived.
    const darkSource = () => shadow(element).querySelector<HTMLSourceElement>('a.logo picture source');
    const showsDarkVersion = () => {
      const source = darkSource();
      return source !== null && matchMedia(source.media).matches;
    };
    await waitFor(() => darkSource(), 'the logo with its dark version');
    expect(darkSource()!.srcset).to.match(/\/media\/logo\.svg#dark$/);
    expect(shadow(element).querySelector('a.logo picture img')!.getAttribute('src')).to.match(/\/media\/logo\.svg$/);
    try {
      await emulateMedia({ colorScheme: 'dark' });
      await waitFor(() => background() === 'rgb(16, 20, 30)', 'the dark bar');
      expect(showsDarkVersion(), 'the light word mark').to.equal(true);
      await emulateMedia({ colorScheme: 'light' });
      await waitFor(() => background() === 'rgb(255, 255, 255)', 'the light bar');
      expect(showsDarkVersion(), 'the dark word mark').to.equal(false);
    } finally {
      await emulateMedia({ colorScheme: 'no-preference' });
    }
  });

  it('leaves out the sign-in widget on a phone', async () => {
    const restore = actAsPhone();
    try {
      const element = await mount();
      expect(shadow(element).querySelector('a.logo'), 'rendered').to.not.equal(null);
      expect(shadow(element).querySelector('portal-login')).to.equal(null);
    } finally {
      restore();
    }
  });

  it("on a phone, the open menu ends with the account: 登录, or the user's name and 退出, in 44 px rows", async () => {
    const restore = actAsPhone();
    await setViewport({ width: 390, height: 800 });
    try {
      const element = await mount();
      expect(shadow(element).querySelector('.account'), 'not before the menu opens').to.equal(null);
      toggle(element).click();
      const row = (name: string) =>
        [...shadow(element).querySelectorAll<HTMLElement>('#menu .account-row')].find(
          (r) => r.textContent?.trim() === name,
        );
      await waitFor(() => row('登录'), '登录 in the menu', 6000);
      expect(row('登录')!.localName).to.equal('button');
      expect(row('登录')!.getBoundingClientRect().height).to.be.at.least(44);
      setUserInfo({ name: '张工', headImg: '', userName: 'zhang', mobile: '', companyId: '1001', potalStatus: true });
      await waitFor(() => row('退出'), '退出 in the menu');
      expect(row('张工')?.localName).to.equal('a');
      expect(row('退出')!.getBoundingClientRect().height).to.be.at.least(44);
      expect(await axeViolations(element)).to.deep.equal([]);
    } finally {
      setUserInfo(null);
      restore();
    }
  });

  it('has names on its icon-only controls and no axe violations', async () => {
    const element = await mount();
    expect(shadow(element).querySelector('a[href="/searchRes"]')?.getAttribute('aria-label')).to.equal('站内搜索');
    expect(shadow(element).querySelector('a.logo')?.getAttribute('aria-label')).to.equal('智造云首页');
    expect(await axeViolations(element)).to.deep.equal([]);
  });
});
