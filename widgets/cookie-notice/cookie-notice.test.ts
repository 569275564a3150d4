import { sendKeys } from '@web/test-runner-commands';
import { expect } from 'chai';
import Cookies from 'js-cookie';
import { axeViolations } from '../test-support/axe';
import { waitFor } from '../test-support/wait';
import { EXIT_MS } from './CookieNotice';
import './cookie-notice.element';

const shadow = (element: HTMLElement) => element.shadowRoot!;
const notice = (element: HTMLElement) => shadow(element).querySelector<HTMLElement>('section');
const agreeButton = (element: HTMLElement) => shadow(element).querySelector<HTMLButtonElement>('button.agree')!;
const closeButton = (element: HTMLElement) => shadow(element).querySelector<HTMLButtonElement>('button.close')!;

let route = 0;
/** A client-side navigation, as a single-page host makes it. */
function navigate() {
  route += 1;
  history.pushState(null, '', `${location.pathname}${location.search.replace(/&route=\d+/, '')}&route=${route}`);
}

async function mount(attributes: Record<string, string> = {}): Promise<HTMLElement> {
  const element = document.createElement('portal-cookie-notice');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  await waitFor(() => notice(element), 'notice rendered');
  return element;
}

describe('<portal-cookie-notice>', () => {
  beforeEach(() => {
    Cookies.remove('cookie-agree', { path: '/' });
    navigate(); // a fresh route re-reads the cookie: the notice is pending again
  });
  afterEach(() => {
    for (const element of document.querySelectorAll('portal-cookie-notice, .page-fixture')) element.remove();
  });

  it('shows a named region with the privacy link, an agree and a close button', async () => {
    const element = await mount();
    const region = notice(element)!;
    expect(region.getAttribute('aria-label')).to.equal('Cookie 使用提示');
    const link = shadow(element).querySelector('a')!;
    expect(link.href).to.equal(new URL('/help?id=49', location.origin).href);
    expect(agreeButton(element).textContent).to.equal('同意');
    expect(closeButton(element).getAttribute('aria-label')).to.equal('关闭提示');
  });

  it('agree sets cookie-agree=true, fires an event and leaves after the exit animation', async () => {
    const element = await mount();
    let agreed = 0;
    document.addEventListener('portal-cookie-notice-agree', () => agreed++, { once: true });

    const clicked = performance.now();
    agreeButton(element).click();
    expect(Cookies.get('cookie-agree')).to.equal('true');
    expect(agreed).to.equal(1);
    await waitFor(() => notice(element)?.dataset.state === 'leaving', 'exit animation starts');

    await waitFor(() => !notice(element), 'notice gone', 3000);
    // Timers may fire a little early under load; the point is that it waited.
    expect(performance.now() - clicked).to.be.at.least(EXIT_MS * 0.8);
  });

  it('publishes its height while it shows, for the floating controls to stand above it', async () => {
    const height = () => document.documentElement.style.getPropertyValue('--portal-cookie-notice-height');
    const element = await mount();
    await waitFor(() => height() === `${notice(element)!.offsetHeight}px`, 'height published');
    closeButton(element).click();
    await waitFor(() => height() === '', 'height withdrawn after a close');
    navigate();
    await waitFor(() => height() !== '', 'published again');
    agreeButton(element).click();
    await waitFor(() => !notice(element), 'notice gone');
    await waitFor(() => height() === '', 'height withdrawn once gone');
  });

  it('has 44 px targets and lies under the header (layer 1000)', async () => {
    const element = await mount();
    for (const button of [agreeButton(element), closeButton(element)]) {
      expect(button.offsetHeight).to.be.at.least(44);
      expect(button.offsetWidth).to.be.at.least(44);
    }
    expect(Number(getComputedStyle(notice(element)!).zIndex)).to.be.below(1000);
  });

  it('stays away after agreeing, also on later route changes', async () => {
    const element = await mount();
    agreeButton(element).click();
    await waitFor(() => !notice(element), 'notice gone');
    navigate();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notice(element)).to.equal(null);
  });

  it('close hides it until the next client-side route change', async () => {
    const element = await mount();
    let closed = 0;
    element.addEventListener('portal-cookie-notice-close', () => closed++);
    closeButton(element).click();
    await waitFor(() => !notice(element), 'notice closed');
    expect(closed).to.equal(1);
    expect(Cookies.get('cookie-agree')).to.equal(undefined);

    navigate();
    await waitFor(() => notice(element), 'notice back after navigation');
  });

  it('comes back on back/forward navigation after a close', async () => {
    const element = await mount();
    closeButton(element).click();
    await waitFor(() => !notice(element), 'notice closed');
    history.back();
    await waitFor(() => notice(element), 'notice back after history.back()');
  });

  it('every element on the page shares one consent state', async () => {
    const first = await mount();
    const second = await mount();
    agreeButton(first).click();
    await waitFor(() => !notice(second), 'second notice hides too');
  });

  it('is operable by keyboard', async () => {
    const before = document.createElement('button');
    before.textContent = 'before';
    before.className = 'page-fixture';
    document.body.prepend(before);
    const element = await mount();
    before.focus();

    await sendKeys({ press: 'Tab' });
    expect(shadow(element).activeElement?.tagName).to.equal('A');
    await sendKeys({ press: 'Tab' });
    expect(shadow(element).activeElement).to.equal(agreeButton(element));
    await sendKeys({ press: 'Enter' });
    expect(Cookies.get('cookie-agree')).to.equal('true');
  });

  it('closes with the keyboard too', async () => {
    const element = await mount();
    closeButton(element).focus();
    await sendKeys({ press: 'Space' });
    await waitFor(() => !notice(element), 'notice closed by keyboard');
  });

  it('speaks English when asked, and follows the page language when the attribute goes', async () => {
    const element = await mount({ lang: 'en' });
    expect(agreeButton(element).textContent).to.equal('Agree');
    expect(notice(element)!.getAttribute('aria-label')).to.equal('Cookie notice');
    element.removeAttribute('lang');
    await waitFor(() => agreeButton(element).textContent === '同意', 'back to the page language');
  });

  it('has no axe violations', async () => {
    const element = await mount();
    expect(await axeViolations(element)).to.deep.equal([]);
  });

  it('keeps its styles to itself and is not restyled by the page', async () => {
    const pageStyle = document.createElement('style');
    pageStyle.className = 'page-fixture';
    pageStyle.textContent = '* { color: rgb(255, 0, 0) !important; } p, button { font-size: 40px; }';
    document.head.append(pageStyle);
    const pageButton = document.createElement('button');
    pageButton.className = 'page-fixture agree';
    document.body.append(pageButton);

    const element = await mount();
    const text = shadow(element).querySelector('p')!;
    expect(getComputedStyle(text).color).not.to.equal('rgb(255, 0, 0)');
    expect(getComputedStyle(text).fontSize).to.equal('14px');
    expect(getComputedStyle(notice(element)!).position).to.equal('fixed');
    // Our `.agree` rule stays inside the shadow root.
    expect(getComputedStyle(pageButton).borderRadius).not.to.equal('4px');
  });
});
