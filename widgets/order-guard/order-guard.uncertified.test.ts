import { expect } from 'chai';
import { localEnvironment } from '../core/env';
import { saveTokens } from '../core/tokens';
import { waitFor } from '../test-support/wait';
import { guardedLink, openPrompt, promptOf } from './test-helpers';

describe('<portal-order-guard> without a certified enterprise', () => {
  saveTokens({ accessToken: 'at-uncertified', refreshToken: 'rt-u', expiresAt: Date.now() + 3_600_000 });

  it("asks to certify, and opens the console's enterprise page with companyid and the way back in a new tab", async () => {
    const { guard, link } = guardedLink();
    const dialog = await openPrompt(guard, link);
    expect(dialog.querySelector('[part="message"]')?.textContent).to.equal(
      '该账号暂无已完成认证的企业,请先完成企业认证.',
    );
    const opened: unknown[][] = [];
    const original = window.open;
    window.open = (...args: unknown[]) => {
      opened.push(args);
      return null;
    };
    try {
      dialog.querySelector<HTMLButtonElement>('[part="go-button"]')?.click();
    } finally {
      window.open = original;
    }
    const back = new URL(location.href);
    back.searchParams.set('webneedrefresh', 'true');
    const enterprise = new URL('/company/enterprise', localEnvironment().console);
    enterprise.search = new URLSearchParams({ companyid: '1001', redirectUrl: back.href }).toString();
    expect(opened).to.deep.equal([[enterprise.href, '_blank', 'noopener']]);
    await waitFor(() => !promptOf(guard), 'the prompt closes');
    expect(location.hash).to.equal('');
    guard.remove();
  });

  it('lets the action through with no-certification, once the administrator check passes', async () => {
    const { guard, link } = guardedLink({ 'no-certification': '' });
    const passed = new Promise<CustomEvent>((resolve) =>
      document.addEventListener('portal-order-guard-passed', resolve, { once: true }),
    );
    link.click();
    const event = await passed;
    expect(event.detail).to.deep.equal({ href: '#target' });
    expect(event.composed && event.bubbles).to.equal(true);
    await waitFor(() => location.hash === '#target', 'the link is followed');
    expect(promptOf(guard)).to.equal(null);
    history.replaceState(null, '', location.pathname + location.search);
  });
});
