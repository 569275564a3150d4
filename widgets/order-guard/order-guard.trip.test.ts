import { expect } from 'chai';
import { saveTokens } from '../core/tokens';
import { waitFor } from '../test-support/wait';
import { guardedLink, openPrompt, promptOf } from './test-helpers';
import { announceReturn } from './trip';

const PROFILE = '/api-kernel-portal/api/sys-users/common-login-info';
const VERIFY = '/api-kernel-portal/api/verify/business';

/** The portal's API for a company as the console leaves it (change `state` to change it). */
function portalApi(state: { certified: boolean; admin: boolean }): () => void {
  const original = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const result =
      url.pathname === PROFILE
        ? { userName: 'uncertified', mobile: '13800000002', companyId: 1002, potalStatus: state.certified }
        : url.pathname === VERIFY
          ? state.admin
          : undefined;
    if (result === undefined) return original(input, init);
    return Promise.resolve(Response.json({ code: '0000', result, msg: '' }));
  };
  return () => {
    window.fetch = original;
  };
}

/** The console's tab, back at this page with the refresh flag. */
function consoleTabReturns(): void {
  const back = new URL(location.href);
  back.searchParams.set('webneedrefresh', 'true');
  announceReturn(back.href);
}

describe('<portal-order-guard> and the trip to the console', () => {
  saveTokens({ accessToken: 'at-uncertified', refreshToken: 'rt-u', expiresAt: Date.now() + 3_600_000 });
  const state = { certified: false, admin: false };
  const restoreApi = portalApi(state);
  const open = window.open;
  const close = window.close;
  let closed = 0;
  before(() => {
    window.open = () => null;
    window.close = () => {
      closed++;
    };
  });
  after(() => {
    window.open = open;
    window.close = close;
    restoreApi();
  });

  it('says beside the certification prompt that the company has no administrator either', async () => {
    const { guard, link } = guardedLink();
    const dialog = await openPrompt(guard, link);
    expect(dialog.querySelector('[part="message"]')?.textContent).to.equal(
      '该账号暂无已完成认证的企业,请先完成企业认证.',
    );
    expect(dialog.querySelector('[part="admin-note"]')?.textContent).to.equal(
      '该企业也还未设置管理员，请在控制台一并完成企业认证和管理员设置。',
    );
    dialog.querySelector<HTMLButtonElement>('[part="cancel-button"]')?.click();
    await waitFor(() => !promptOf(guard), 'the prompt closes');
    guard.remove();
  });

  it('leaves a tab that comes back while certification is still missing open, and the action waiting', async () => {
    const { guard, link } = guardedLink();
    let passed = 0;
    guard.addEventListener('portal-order-guard-passed', () => passed++);
    const dialog = await openPrompt(guard, link);
    dialog.querySelector<HTMLButtonElement>('[part="go-button"]')?.click();
    await waitFor(() => !promptOf(guard), 'the prompt closes');
    consoleTabReturns();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([closed, passed]).to.deep.equal([0, 0]);
    guard.remove();
  });

  it("continues the stopped action when the console's tab comes back to this page, which then closes", async () => {
    const { guard, link } = guardedLink();
    const dialog = await openPrompt(guard, link);
    dialog.querySelector<HTMLButtonElement>('[part="go-button"]')?.click();
    await waitFor(() => !promptOf(guard), 'the prompt closes');
    // Certified and with an administrator, in the console's tab.
    state.certified = true;
    state.admin = true;
    const passed = new Promise<CustomEvent>((resolve) =>
      guard.addEventListener('portal-order-guard-passed', (event) => resolve(event as CustomEvent), { once: true }),
    );
    consoleTabReturns();
    expect((await passed).detail).to.deep.equal({ href: '#target' });
    await waitFor(() => location.hash === '#target', 'the link is followed');
    // (The tab of the test above still listens for its page too: both are told.)
    await waitFor(() => closed > 0, 'the returning tab closes');
    expect(promptOf(guard)).to.equal(null);
    history.replaceState(null, '', location.pathname + location.search);
    guard.remove();
  });

  it('leaves a tab alone that comes back when no action waits', async () => {
    const before = closed;
    consoleTabReturns();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(closed).to.equal(before);
  });
});
