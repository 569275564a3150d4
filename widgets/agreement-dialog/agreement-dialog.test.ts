import { sendKeys } from '@web/test-runner-commands';
import { expect } from 'chai';
import { $userInfo } from '../core/stores';
import { $tokens, saveTokens } from '../core/tokens';
import { axeViolations } from '../test-support/axe';
import { waitFor } from '../test-support/wait';
import './agreement-dialog.element';

/** Requests to the agreement calls, with their bodies. */
const calls: Array<{ path: string; body: string }> = [];
const originalFetch = window.fetch;
window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  const path = new URL(request.url).pathname;
  if (path.includes('/contract/')) calls.push({ path, body: await request.clone().text() });
  return originalFetch(request);
};

const dialogOf = (element: HTMLElement) => element.shadowRoot?.querySelector('dialog') ?? null;
const deepActive = () => {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
};

// One page per file (the account SDK starts once), so the cases run in order.
describe('<portal-agreement-dialog>', () => {
  let element: HTMLElement;
  const outside = document.createElement('button');
  outside.textContent = '页面上的按钮';
  document.body.append(outside);

  before(async () => {
    outside.focus();
    saveTokens({ accessToken: 'at-terms', refreshToken: 'rt-terms', expiresAt: Date.now() + 3_600_000 });
    element = document.createElement('portal-agreement-dialog');
    document.body.append(element);
    await waitFor(() => dialogOf(element)?.open, 'the first agreement', 10_000);
  });

  it('shows the first pending agreement in a modal dialog that takes focus and makes the page inert', async () => {
    const dialog = dialogOf(element) as HTMLDialogElement;
    expect(dialog.querySelector('h2')?.textContent).to.equal('平台服务协议');
    expect(dialog.textContent).to.contain('服务协议正文');
    expect(dialog.textContent).to.contain('关闭本窗口将退出登录');
    expect(dialog.matches(':modal')).to.equal(true);
    expect(dialog.contains(deepActive())).to.equal(true);
    outside.focus();
    expect(document.activeElement === outside, 'the page behind takes no focus').to.equal(false);
    expect(await axeViolations(element)).to.deep.equal([]);
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const dialog = dialogOf(element) as HTMLDialogElement;
    for (let i = 0; i < 6; i++) {
      await sendKeys({ press: 'Tab' });
      expect(dialog.contains(deepActive()), `after ${i + 1} Tab`).to.equal(true);
    }
    for (let i = 0; i < 6; i++) {
      await sendKeys({ press: 'Shift+Tab' });
      expect(dialog.contains(deepActive()), `after ${i + 1} Shift+Tab`).to.equal(true);
    }
  });

  it('confirms on agree with sceneCode and contractVersion, then shows the second one a second later', async () => {
    let accepted: unknown;
    element.addEventListener('portal-agreement-dialog-accepted', (event) => {
      accepted = event.detail;
    });
    element.shadowRoot?.querySelector<HTMLButtonElement>('[part="agree-button"]')?.click();
    await waitFor(() => !dialogOf(element), 'the first dialog closes');
    const closedAt = performance.now();
    expect(calls.filter((c) => c.path.endsWith('/confirm')).map((c) => JSON.parse(c.body))).to.deep.equal([
      { sceneCode: 'PORTAL_SERVICE', contractVersion: '2026.1' },
    ]);
    expect(accepted).to.deep.equal({ code: 'PORTAL_SERVICE', templateVersion: '2026.1' });
    await waitFor(() => dialogOf(element)?.open, 'the second agreement', 3000);
    expect(performance.now() - closedAt).to.be.within(900, 1600);
    expect(dialogOf(element)?.querySelector('h2')?.textContent).to.equal('数据处理协议');
  });

  it('asks once on Escape or the close button, focus kept in the dialog; Escape on the question returns to reading', async () => {
    const dialog = dialogOf(element) as HTMLDialogElement;
    const question = () => dialog.querySelector<HTMLElement>('[role="alertdialog"]');
    const content = dialog.querySelector<HTMLElement>('.agreement-content') as HTMLElement;
    content.focus();
    let declined = 0;
    const count = () => declined++;
    element.addEventListener('portal-agreement-dialog-declined', count);
    // Three in a row without a click between: the browser's own close request must not get through either.
    for (let round = 0; round < 2; round++) {
      await sendKeys({ press: 'Escape' });
      await waitFor(() => question(), 'the question');
      expect(dialog.open, 'the dialog stays open').to.equal(true);
      expect(question()?.getAttribute('aria-labelledby')).to.be.a('string');
      expect(dialog.textContent).to.contain('关闭将退出登录');
      expect(deepActive()?.textContent, 'the default choice has focus').to.equal('继续阅读');
      for (let i = 0; i < 3; i++) {
        await sendKeys({ press: 'Tab' });
        expect(question()?.contains(deepActive()), `Tab ${i + 1} stays in the question`).to.equal(true);
      }
      if (round === 0) expect(await axeViolations(element)).to.deep.equal([]);
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !question(), 'back to reading');
      expect(dialog.open).to.equal(true);
      expect(deepActive(), 'focus goes back to where it was').to.equal(content);
    }
    dialog.querySelector<HTMLButtonElement>('[part="close-button"]')?.click();
    await waitFor(() => question(), 'the question after the close button');
    expect(deepActive()?.textContent).to.equal('继续阅读');
    (deepActive() as HTMLButtonElement).click();
    await waitFor(() => !question(), 'back to reading after 继续阅读');
    element.removeEventListener('portal-agreement-dialog-declined', count);
    expect(declined).to.equal(0);
    expect($userInfo.get()).not.to.equal(null);
    expect($tokens.get()).not.to.equal(null);
  });

  it('treats Escape as close once the question is answered: the user is signed out and the user info cleared, focus returns', async () => {
    expect($userInfo.get()).not.to.equal(null);
    let declined: unknown;
    element.addEventListener('portal-agreement-dialog-declined', (event) => {
      declined = event.detail;
      event.preventDefault(); // sign out here without leaving the test page
    });
    await sendKeys({ press: 'Escape' });
    const signOut = () =>
      [...(dialogOf(element)?.querySelectorAll('[role="alertdialog"] button') ?? [])].find(
        (button) => button.textContent === '退出登录',
      ) as HTMLButtonElement | undefined;
    await waitFor(signOut, 'the question');
    signOut()?.click();
    await waitFor(() => !dialogOf(element), 'the dialog closes');
    expect(declined).to.deep.equal({ code: 'DATA_PROCESSING', templateVersion: '2026.1' });
    expect($userInfo.get()).to.equal(null);
    expect($tokens.get()).to.equal(null);
    expect(calls.filter((c) => c.path.endsWith('/confirm'))).to.have.length(1);
  });
});
