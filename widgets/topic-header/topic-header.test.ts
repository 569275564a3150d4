import { sendKeys, setViewport } from '@web/test-runner-commands';
import { expect } from 'chai';
import { axeViolations } from '../test-support/axe';
import { waitFor, waitForStyles } from '../test-support/wait';
import { TOPIC_ANCHORS, TOPIC_SCROLL_MS } from './anchors';
import './topic-header.element';

const anchors = (el: Element) => [...el.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a.anchor')];

async function mount(): Promise<HTMLElement> {
  const element = document.createElement('portal-topic-header');
  element.setAttribute('phone', '400-820-6688');
  document.body.prepend(element);
  for (const id of TOPIC_ANCHORS) {
    const section = document.createElement('section');
    section.id = id;
    section.className = 'fixture';
    section.style.height = '900px';
    section.textContent = id;
    document.body.append(section);
  }
  await waitForStyles(element);
  await waitFor(() => anchors(element).length === 6, 'six anchors');
  return element;
}

describe('<portal-topic-header>', () => {
  afterEach(async () => {
    for (const element of document.querySelectorAll('portal-topic-header, .fixture')) element.remove();
    window.scrollTo(0, 0);
    await setViewport({ width: 1440, height: 900 });
  });

  it('shows the logo the page gives it, else the portal logo', async () => {
    const element = await mount();
    const logo = () => element.shadowRoot!.querySelector('a.logo img')!.getAttribute('src');
    expect(logo()).to.equal('/media/logo.svg');
    element.setAttribute('logo', '/media/logo.svg?v=0123456789');
    await waitFor(() => logo() === '/media/logo.svg?v=0123456789', 'the given logo');
  });

  it('has the six anchors in order, the logo home and the hotline', async () => {
    const element = await mount();
    expect(anchors(element).map((a) => a.getAttribute('href'))).to.deep.equal(TOPIC_ANCHORS.map((id) => `#${id}`));
    expect(anchors(element).map((a) => a.textContent)).to.deep.equal([
      '方案概览',
      '产品库',
      '客户痛点',
      '方案特点',
      '成功案例',
      '常见问题',
    ]);
    expect(element.shadowRoot!.querySelector('a.logo')?.getAttribute('href')).to.equal('/');
    expect(element.shadowRoot!.querySelector('a.phone')?.getAttribute('href')).to.equal('tel:4008206688');
  });

  it('scrolls to a section over 500 ms and moves focus there', async () => {
    const element = await mount();
    let arrived = '';
    element.addEventListener('portal-topic-header-navigate', (event) => {
      arrived = event.detail.anchor;
    });
    const started = performance.now();
    anchors(element)[4]!.click();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const midway = window.scrollY;
    await waitFor(() => arrived === 'case', 'arrived at the case section', 3000);
    expect(performance.now() - started).to.be.at.least(TOPIC_SCROLL_MS * 0.8);
    const section = document.getElementById('case')!;
    expect(midway).to.be.below(section.offsetTop - element.offsetHeight - 10);
    expect(Math.abs(section.getBoundingClientRect().top - element.offsetHeight)).to.be.below(2);
    expect(document.activeElement).to.equal(section);
    expect(location.hash).to.equal('#case');
  });

  it('opens the mobile menu with its toggle, and takes the keyboard while open', async () => {
    await setViewport({ width: 390, height: 844 });
    const element = await mount();
    const toggle = element.shadowRoot!.querySelector<HTMLButtonElement>('button.toggle')!;
    const nav = element.shadowRoot!.querySelector('nav')!;
    const { width, height } = toggle.getBoundingClientRect();
    expect([width, height], 'a touch target of 44×44 px').to.deep.equal([44, 44]);
    expect(getComputedStyle(nav).visibility).to.equal('hidden');
    toggle.click();
    await waitFor(() => toggle.getAttribute('aria-expanded') === 'true', 'menu open');
    await waitFor(() => getComputedStyle(nav).visibility === 'visible', 'menu visible');
    // As a dialog: focus on the first anchor, Tab round the anchors and the toggle, Escape back to it.
    const focused = () => element.shadowRoot!.activeElement;
    await waitFor(() => focused() === anchors(element)[0], 'focus on the first anchor');
    for (let i = 0; i < TOPIC_ANCHORS.length; i++) await sendKeys({ press: 'Tab' });
    expect(focused()).to.equal(toggle);
    await sendKeys({ press: 'Tab' });
    expect(focused()).to.equal(anchors(element)[0]);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => toggle.getAttribute('aria-expanded') === 'false', 'menu closed');
    expect(focused()).to.equal(toggle);
  });

  it('has no axe violations', async () => {
    expect(await axeViolations(await mount())).to.deep.equal([]);
  });
});
