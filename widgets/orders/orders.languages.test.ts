import { expect } from 'chai';
import { saveTokens } from '../core/tokens';
import { axeViolations } from '../test-support/axe';
import { waitFor } from '../test-support/wait';
import '../order-form/order-form.element';
import './orders.element';

/** The element's notice once it has found that nobody is signed in. */
async function signInNotice(tag: 'portal-orders' | 'portal-order-form', lang?: string) {
  const element = document.createElement(tag);
  if (lang) element.setAttribute('lang', lang);
  document.body.append(element);
  const find = () => element.shadowRoot?.querySelector<HTMLElement>('[data-obstacle="login"]');
  await waitFor(find, 'the sign-in notice', 8000);
  return { element, notice: find() as HTMLElement };
}

describe('order elements in both languages', () => {
  saveTokens(null);

  for (const tag of ['portal-orders', 'portal-order-form'] as const) {
    it(`<${tag}> says in Chinese by default, and in English when asked, that the visitor must sign in`, async () => {
      const chinese = await signInNotice(tag);
      expect(chinese.notice.querySelector('p')?.textContent).to.equal('还未登录,请先登录!');
      expect(chinese.notice.querySelector('button')?.textContent).to.equal('去登录');

      const english = await signInNotice(tag, 'en');
      expect(english.notice.querySelector('p')?.textContent).to.equal(
        'You are not signed in yet. Please sign in first.',
      );
      expect(english.notice.querySelector('button')?.textContent).to.equal('Sign in');
      expect(await axeViolations(english.element)).to.deep.equal([]);
      chinese.element.remove();
      english.element.remove();
    });
  }
});
