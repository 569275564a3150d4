import { expect } from 'chai';
import { saveTokens } from '../core/tokens';
import { waitFor } from '../test-support/wait';
import { guardedLink, promptOf } from './test-helpers';

describe('<portal-order-guard> for a user who may order', () => {
  // Back from the console: the flag is in the address when the page starts.
  history.replaceState(null, '', `${location.pathname}?a=1&webneedrefresh=true`);
  saveTokens({ accessToken: 'at-demo', refreshToken: 'rt-d', expiresAt: Date.now() + 3_600_000 });
  const { guard, link } = guardedLink();

  it('drops webneedrefresh=true from the address and keeps the rest', async () => {
    await waitFor(() => !location.search.includes('webneedrefresh'), 'the flag leaves the address');
    expect(location.search).to.equal('?a=1');
  });

  it('fires portal-order-guard-passed and follows the link', async () => {
    let passed: unknown;
    guard.addEventListener('portal-order-guard-passed', (event) => {
      passed = event.detail;
    });
    link.click();
    await waitFor(() => location.hash === '#target', 'the link is followed', 4000);
    expect(passed).to.deep.equal({ href: '#target' });
    expect(promptOf(guard)).to.equal(null);
  });

  it('lets the page take over by cancelling the event', async () => {
    history.replaceState(null, '', location.pathname);
    guard.addEventListener('portal-order-guard-passed', (event) => event.preventDefault(), { once: true });
    let fired = false;
    guard.addEventListener('portal-order-guard-passed', () => {
      fired = true;
    });
    link.click();
    await waitFor(() => fired, 'the event', 4000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(location.hash).to.equal('');
  });
});
