import { sendKeys, setViewport } from '@web/test-runner-commands';
import { expect } from 'chai';
import { axeViolations } from '../test-support/axe';
import { waitFor } from '../test-support/wait';
import type { PortalChatLauncher } from './chat-launcher.element';
import './chat-launcher.element';

const fetched = (part: string) =>
  performance.getEntriesByType('resource').filter((entry) => entry.name.includes(part)).length;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('<portal-chat-launcher>', () => {
  before(() => localStorage.removeItem('portal.chat.visitor'));

  it('is only a button until used, fetches the chat on hover as a head start, and names itself in the page language', async () => {
    const launcher = document.createElement('portal-chat-launcher') as PortalChatLauncher;
    launcher.setAttribute('lang', 'en');
    document.body.append(launcher);
    const button = launcher.shadowRoot!.querySelector('button')!;
    expect(button.getAttribute('aria-label')).to.equal('Chat with us');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(await axeViolations(launcher)).to.deep.equal([]);
    await pause(300);
    expect(fetched('/widgets/chat/builtin')).to.equal(0);
    button.dispatchEvent(new PointerEvent('pointerenter'));
    await waitFor(() => fetched('/widgets/chat/builtin') > 0, 'the chat code is fetched on hover', 3000);
    // Fetched, not started: nothing is shown and no visitor id is made.
    expect(launcher.visible).to.equal(false);
    expect(localStorage.getItem('portal.chat.visitor')).to.equal(null);
  });

  it('opens with focus in the message box, closes on Escape, gives focus back, and says so', async () => {
    const launcher = document.querySelector('portal-chat-launcher') as PortalChatLauncher;
    const seen: string[] = [];
    for (const type of ['portal-chat-opened', 'portal-chat-closed'] as const)
      document.addEventListener(type, () => seen.push(type));
    launcher.shadowRoot!.querySelector<HTMLButtonElement>('button.launcher')!.click();
    await waitFor(() => launcher.visible, 'opened', 3000);
    const dialog = launcher.shadowRoot!.querySelector('[role="dialog"]') as HTMLElement;
    await waitFor(() => !dialog.hidden, 'the panel is shown');
    expect(launcher.shadowRoot!.activeElement?.localName).to.equal('textarea');
    expect(launcher.shadowRoot!.querySelector('button.launcher')!.getAttribute('aria-expanded')).to.equal('true');
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await waitFor(() => !launcher.visible, 'closed with Escape');
    expect(launcher.shadowRoot!.activeElement).to.equal(launcher.shadowRoot!.querySelector('button.launcher'));
    expect(seen).to.deep.equal(['portal-chat-opened', 'portal-chat-closed']);
  });

  it('on a narrow screen covers the page as a modal dialog and keeps Tab inside it', async () => {
    await setViewport({ width: 375, height: 700 });
    try {
      const launcher = document.querySelector('portal-chat-launcher') as PortalChatLauncher;
      launcher.open();
      await waitFor(() => launcher.visible, 'opened', 3000);
      const root = launcher.shadowRoot!;
      const dialog = root.querySelector('[role="dialog"]') as HTMLElement;
      await waitFor(() => !dialog.hidden, 'the panel is shown');
      expect(dialog.getAttribute('aria-modal')).to.equal('true');
      // It covers the screen above the header's layer (1000), and the button is not left over its composer.
      const box = dialog.getBoundingClientRect();
      expect([box.left, box.top, box.width, box.height]).to.deep.equal([0, 0, innerWidth, innerHeight]);
      expect(Number(getComputedStyle(dialog).zIndex)).to.be.above(1000);
      expect(launcher.hasAttribute('data-open')).to.equal(true);
      expect(root.querySelector<HTMLElement>('button.launcher')!.checkVisibility()).to.equal(false);
      for (let i = 0; i < 8; i++) {
        await sendKeys({ press: i % 3 === 2 ? 'Shift+Tab' : 'Tab' });
        expect(dialog.contains(root.activeElement), `press ${i + 1}: ${root.activeElement?.localName}`).to.equal(true);
      }
      // Focus fallen to the page (its node re-rendered away) comes back with the next Tab.
      (root.activeElement as HTMLElement).blur();
      await sendKeys({ press: 'Tab' });
      expect(root.activeElement?.localName).to.equal('textarea');
      launcher.close();
      await waitFor(() => !launcher.visible, 'closed');
      expect(launcher.hasAttribute('data-open')).to.equal(false);
      expect(root.querySelector<HTMLElement>('button.launcher')!.checkVisibility()).to.equal(true);
    } finally {
      await setViewport({ width: 1280, height: 800 });
    }
  });

  it('opened from a page button, gives focus back to it on Escape; wide, the panel sits beside the button', async () => {
    const launcher = document.querySelector('portal-chat-launcher') as PortalChatLauncher;
    const opener = document.createElement('button');
    opener.textContent = '在线咨询';
    opener.setAttribute('data-portal-chat-open', '');
    document.body.prepend(opener);
    try {
      opener.focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => launcher.visible, 'opened', 3000);
      const root = launcher.shadowRoot!;
      const dialog = root.querySelector('[role="dialog"]') as HTMLElement;
      await waitFor(() => root.activeElement?.localName === 'textarea', 'focus in the message box');
      const panel = dialog.getBoundingClientRect();
      const button = root.querySelector('button.launcher')!.getBoundingClientRect();
      expect(panel.right).to.be.at.most(button.left);
      expect(dialog.getAttribute('aria-modal')).to.equal(null);
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !launcher.visible, 'closed with Escape');
      expect(document.activeElement).to.equal(opener);
    } finally {
      opener.remove();
    }
  });

  it('rises above the cookie notice while the notice publishes its height', async () => {
    const launcher = document.querySelector('portal-chat-launcher') as PortalChatLauncher;
    const button = launcher.shadowRoot!.querySelector('button.launcher')!;
    const before = button.getBoundingClientRect().bottom;
    document.documentElement.style.setProperty('--portal-cookie-notice-height', '100px');
    try {
      expect(before - button.getBoundingClientRect().bottom).to.equal(100);
    } finally {
      document.documentElement.style.removeProperty('--portal-cookie-notice-height');
    }
  });

  it('gives the host page window.portalChat and replays the calls it queued before', async () => {
    document.querySelector('portal-chat-launcher')?.remove();
    const win = window as unknown as { portalChat: unknown };
    win.portalChat = [['open']];
    const launcher = document.createElement('portal-chat-launcher') as PortalChatLauncher;
    document.body.append(launcher);
    await waitFor(() => launcher.visible, 'the queued open ran', 3000);
    const api = win.portalChat as { close(): void; ready: Promise<void> };
    api.close();
    await waitFor(() => !launcher.visible, 'closed through window.portalChat');
  });
});
