import { expect } from 'chai';
import Cookies from 'js-cookie';

describe('<portal-cookie-notice> with consent already given', () => {
  it('renders nothing when the page loads with cookie-agree=true', async () => {
    Cookies.set('cookie-agree', 'true', { path: '/' });
    await import('./cookie-notice.element');
    const element = document.createElement('portal-cookie-notice');
    document.body.append(element);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(element.shadowRoot).to.not.equal(null);
    expect(element.shadowRoot!.querySelector('section')).to.equal(null);
    Cookies.remove('cookie-agree', { path: '/' });
  });
});
