import { setViewport } from '@web/test-runner-commands';
import { expect } from 'chai';
import { axeViolations } from '../test-support/axe';
import { waitFor, waitForStyles } from '../test-support/wait';
import './footer.element';

const shadow = (el: Element) => el.shadowRoot!;

async function mount(): Promise<HTMLElement> {
  const element = document.createElement('portal-footer');
  document.body.append(element);
  await waitForStyles(element);
  // The common data and the friendly links are two requests: wait for both.
  await waitFor(
    () => shadow(element).querySelector('.friends a') && shadow(element).querySelector('.column a[href^="/product/"]'),
    'footer with friendly links and common data',
  );
  return element;
}

describe('<portal-footer>', () => {
  afterEach(async () => {
    for (const element of document.querySelectorAll('portal-footer')) element.remove();
    await setViewport({ width: 1440, height: 900 });
  });

  it('has the six columns with the spec links', async () => {
    const element = await mount();
    const headings = [...shadow(element).querySelectorAll('.column .title')].map((h) => h.textContent);
    expect(headings).to.deep.equal(['热门产品', '常用解决方案', '创新实训', '新闻中心', '生态伙伴', '关于我们']);
    const hrefs = [...shadow(element).querySelectorAll('.column a')].map((a) => a.getAttribute('href'));
    expect(hrefs).to.include.members([
      '/product/1',
      '/solution/2',
      '/innovation-practice/7/1',
      '/news/type/1',
      '/partners#youshi',
      '/partners#liucheng',
      '/about#intro',
      '/about#contact',
    ]);
    expect(hrefs.filter((href) => href?.startsWith('/partners#'))).to.have.length(4);
    expect(hrefs.filter((href) => href?.startsWith('/about#'))).to.have.length(8);
  });

  it('marks friendly links external and nofollow', async () => {
    const element = await mount();
    const link = shadow(element).querySelector<HTMLAnchorElement>('.friends a')!;
    expect(link.rel).to.equal('nofollow noopener');
    expect(link.target).to.equal('_blank');
    expect(link.href).to.equal('https://www.miit.gov.cn/');
  });

  it('links the help centre, privacy policy and site map, and shows hotline and filing', async () => {
    const element = await mount();
    const legal = [...shadow(element).querySelectorAll('.legal a')].map((a) => a.getAttribute('href'));
    expect(legal).to.include.members(['/help', '/help?id=49', '/mapsite']);
    expect(shadow(element).textContent).to.include('400-820-6688').and.include('苏ICP备2025012345号-1');
  });

  it('collapses its columns on mobile behind buttons', async () => {
    await setViewport({ width: 390, height: 844 });
    const element = await mount();
    const column = shadow(element).querySelector('.column')!;
    const list = column.querySelector('.links')!;
    const button = column.querySelector<HTMLButtonElement>('button.toggle')!;
    expect(getComputedStyle(list).display).to.equal('none');
    button.click();
    await waitFor(() => button.getAttribute('aria-expanded') === 'true', 'column open');
    expect(getComputedStyle(list).display).to.equal('block');
  });

  it('has no axe violations', async () => {
    expect(await axeViolations(await mount())).to.deep.equal([]);
  });
});
