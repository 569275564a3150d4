import { expect } from 'chai';
import { $userInfo } from '../core/stores';
import { saveTokens } from '../core/tokens';
import { waitFor } from '../test-support/wait';
import { guardedLink, openPrompt, promptOf } from './test-helpers';

const PROFILE = '/api-kernel-portal/api/sys-users/common-login-info';

/** The company certified in the console's tab: from now on the portal's API says so. */
function certifyInConsole(): { restore(): void; profileReads(): number } {
  const original = window.fetch;
  let reads = 0;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.pathname !== PROFILE) return original(input, init);
    reads++;
    const profile = { userName: 'uncertified', mobile: '13800000002', companyId: 1002, potalStatus: true };
    return Promise.resolve(Response.json({ code: '0000', result: profile, msg: '' }));
  };
  return {
    restore: () => {
      window.fetch = original;
    },
    profileReads: () => reads,
  };
}

describe('<portal-order-guard> back from certifying in the console tab', () => {
  saveTokens({ accessToken: 'at-uncertified', refreshToken: 'rt-u', expiresAt: Date.now() + 3_600_000 });

  it('checks certification again as the visitor returns to the tab, and then lets the action through', async () => {
    const { guard, link } = guardedLink();
    const dialog = await openPrompt(guard, link);
    const open = window.open;
    window.open = () => null;
    try {
      dialog.querySelector<HTMLButtonElement>('[part="go-button"]')?.click();
    } finally {
      window.open = open;
    }
    await waitFor(() => !promptOf(guard), 'the prompt closes');

    const console = certifyInConsole();
    try {
      // Back from the console's tab: the page shows again.
      document.dispatchEvent(new Event('visibilitychange'));
      await waitFor(() => $userInfo.get()?.potalStatus === true, 'the store learns of the certification');
      expect(console.profileReads()).to.equal(1);
      const passed = new Promise<CustomEvent>((resolve) =>
        guard.addEventListener('portal-order-guard-passed', (event) => resolve(event as CustomEvent), { once: true }),
      );
      link.click();
      expect((await passed).detail).to.deep.equal({ href: '#target' });
      expect(promptOf(guard)).to.equal(null);
    } finally {
      console.restore();
      history.replaceState(null, '', location.pathname + location.search);
      guard.remove();
    }
  });

  it('asks nothing when a certified visitor returns', async () => {
    // Certified now: returning to the tab asks nothing more.
    const console = certifyInConsole();
    try {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
      const { guard, link } = guardedLink();
      const passed = new Promise<Event>((resolve) =>
        guard.addEventListener('portal-order-guard-passed', resolve, { once: true }),
      );
      link.click();
      await passed;
      expect(console.profileReads()).to.equal(0);
      history.replaceState(null, '', location.pathname + location.search);
      guard.remove();
    } finally {
      console.restore();
    }
  });
});
