import { expect } from 'chai';
import { STATUS_MESSAGES } from '../core/http/messages';
import { $userInfo } from '../core/stores';
import { $toast } from '../core/toast';
import { $tokens, saveTokens } from '../core/tokens';
import { waitFor } from '../test-support/wait';
import './agreement-dialog.element';

/** How the agreement check answers next: as the fake server does, with a 500, or not at all. */
let checkAnswers: 'normally' | 500 | 'no network' = 500;
let checks = 0;
const originalFetch = window.fetch;
window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  if (!new URL(request.url).pathname.endsWith('/contract/check')) return originalFetch(request);
  checks++;
  if (checkAnswers === 500) return new Response('{"code":"500","msg":"boom"}', { status: 500 });
  if (checkAnswers === 'no network') throw new TypeError('Failed to fetch');
  return originalFetch(request);
};

const errorToasts: string[] = [];
$toast.listen((toast) => {
  if (toast?.type === 'error') errorToasts.push(toast.message);
});
const dialogOf = (element: HTMLElement) => element.shadowRoot?.querySelector('dialog') ?? null;
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

// One page per file (the account SDK starts once), so the cases run in order.
describe('<portal-agreement-dialog> when the agreement check fails', () => {
  let element: HTMLElement;

  before(async () => {
    saveTokens({ accessToken: 'at-terms', refreshToken: 'rt-terms', expiresAt: Date.now() + 3_600_000 });
    element = document.createElement('portal-agreement-dialog');
    document.body.append(element);
    await waitFor(() => checks === 1, 'the first check', 10_000);
  });

  it('says so in one toast and keeps the visitor signed in (a 500 is the server’s failure)', async () => {
    await waitFor(() => errorToasts.length, 'a toast', 3000);
    await settle();
    expect(errorToasts).to.deep.equal([STATUS_MESSAGES[500]]);
    expect($userInfo.get()).not.to.equal(null);
    expect($tokens.get()).not.to.equal(null);
    expect(dialogOf(element)).to.equal(null);
  });

  it('checks again, quietly, when the network comes back or the page is shown again', async () => {
    checkAnswers = 'no network';
    window.dispatchEvent(new Event('online'));
    await waitFor(() => checks === 2, 'a check when the network comes back', 3000);
    await settle();
    expect(errorToasts, 'no second toast').to.have.length(1);
    expect($userInfo.get()).not.to.equal(null);

    checkAnswers = 'normally';
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => dialogOf(element)?.open, 'the pending agreement after a check that worked', 4000);
    expect(checks).to.equal(3);
  });

  it('stops checking once the check has answered', async () => {
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(checks).to.equal(3);
  });
});
