import { sendKeys } from '@web/test-runner-commands';
import { expect } from 'chai';
import { saveTokens } from '../core/tokens';
import { axeViolations } from '../test-support/axe';
import { waitFor } from '../test-support/wait';
import { deepActive, guardedLink, openPrompt, promptOf } from './test-helpers';

describe('<portal-order-guard> signed out', () => {
  saveTokens(null);
  const { guard, link } = guardedLink();
  let passed = 0;
  guard.addEventListener('portal-order-guard-passed', () => passed++);

  it('asks to sign in instead of following the link', async () => {
    const dialog = await openPrompt(guard, link);
    expect(dialog.matches(':modal')).to.equal(true);
    expect(dialog.querySelector('[part="message"]')?.textContent).to.equal('还未登录,请先登录!');
    const buttons = [...dialog.querySelectorAll('.actions button')].map((b) => b.textContent);
    expect(buttons).to.deep.equal(['去登录', '取消']);
    expect(location.hash).to.equal('');
    expect(passed).to.equal(0);
    expect(await axeViolations(guard)).to.deep.equal([]);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !promptOf(guard), 'the prompt closes');
  });

  it('keeps focus inside: focus starts on the first button and Tab cycles through the dialog', async () => {
    const dialog = await openPrompt(guard, link);
    expect(deepActive()?.textContent).to.equal('去登录');
    for (let i = 0; i < 5; i++) {
      await sendKeys({ press: i % 2 ? 'Shift+Tab' : 'Tab' });
      expect(dialog.contains(deepActive()), `press ${i + 1}`).to.equal(true);
    }
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !promptOf(guard), 'the prompt closes');
  });

  it('closes on Escape and gives focus back to the link', async () => {
    link.focus();
    await openPrompt(guard, link);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !promptOf(guard), 'the prompt closes');
    // The browser settles focus after the dialog leaves, not always in the same task.
    await waitFor(() => document.activeElement === link, 'focus back on the link', 1000);
    expect(location.hash).to.equal('');
  });

  it('closes on cancel', async () => {
    const dialog = await openPrompt(guard, link);
    [...dialog.querySelectorAll<HTMLButtonElement>('.actions button')].find((b) => b.textContent === '取消')?.click();
    await waitFor(() => !promptOf(guard), 'the prompt closes');
    expect(passed).to.equal(0);
  });
});
