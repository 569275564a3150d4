import { expect } from 'chai';
import { $toast, TOAST_MS, toast } from '../core/toast';
import { axeViolations } from '../test-support/axe';
import { waitFor } from '../test-support/wait';

const element = () => document.querySelector('portal-toast');
const shown = (role: 'alert' | 'status') =>
  element()?.shadowRoot?.querySelector(`[role="${role}"] .toast`)?.textContent ?? null;

describe('toast()', () => {
  afterEach(() => $toast.set(null));

  it('adds <portal-toast> to a page that has none and shows the message politely', async () => {
    expect(element()).to.equal(null);
    toast('success', '保存成功');
    expect(element()).to.not.equal(null);
    await waitFor(() => shown('status')?.includes('保存成功'), 'success toast rendered');
    expect(shown('alert')).to.equal(null);
    expect(document.querySelectorAll('portal-toast')).to.have.length(1);
  });

  it('announces errors assertively', async () => {
    toast('error', '网络错误!');
    await waitFor(() => shown('alert')?.includes('网络错误!'), 'error toast rendered');
    expect(shown('status')).to.equal(null);
  });

  it('shows one toast at a time: the newest replaces the one on screen', async () => {
    toast('info', '第一条');
    toast('info', '第二条');
    await waitFor(() => shown('status')?.includes('第二条'), 'second toast rendered');
    expect(element()!.shadowRoot!.querySelectorAll('.toast')).to.have.length(1);
  });

  it('goes away after 1.5 s', async () => {
    const started = performance.now();
    toast('info', '稍后消失');
    await waitFor(() => shown('status'), 'toast rendered');
    await waitFor(() => !shown('status'), 'toast gone', 4000);
    expect(performance.now() - started).to.be.at.least(TOAST_MS * 0.8);
  });

  it('shows below the header and under its layer, so an open menu is never covered', async () => {
    toast('info', '已复制');
    await waitFor(() => shown('status'), 'toast rendered');
    const message = element()!.shadowRoot!.querySelector('.toast')!;
    await waitFor(() => message.getAnimations().length === 0, 'in place');
    // The header is 64 px high, 56 px below SPEC §9's mobile breakpoint.
    expect(message.getBoundingClientRect().top).to.be.at.least(innerWidth <= 1023 ? 56 : 64);
    expect(Number(getComputedStyle(element()!).zIndex)).to.be.below(1000);
  });

  it('has no axe violations', async () => {
    toast('error', '服务器错误,请联系管理员!');
    await waitFor(() => shown('alert'), 'toast rendered');
    expect(await axeViolations(element()!)).to.deep.equal([]);
  });
});
