import { expect } from 'chai';
import { configurePortal } from '../index';
import { waitFor } from '../test-support/wait';
import type { PortalChatLauncher } from './chat-launcher.element';
import './chat-launcher.element';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Calls to the chat service: the first is for a visitor id, which a wrong portal does not issue. */
const chatCalls = () => performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/chat/')).length;

describe('<portal-chat-launcher> pointed at a wrong portal', () => {
  it('says in Chinese that the service cannot be reached, logs one error and stops asking', async () => {
    localStorage.removeItem('portal.chat.visitor');
    // This page's own server has no chat service: every chat address answers 404,
    // as an app's own server does when a bundle takes it for the portal.
    configurePortal({ origin: location.origin });
    const errors: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const launcher = document.createElement('portal-chat-launcher') as PortalChatLauncher;
      document.body.append(launcher);
      launcher.open();
      const root = launcher.shadowRoot!;
      await waitFor(
        () => root.querySelector('[role="alert"]')?.textContent?.includes('暂时无法连接在线客服'),
        'the panel says the chat cannot be reached',
        4000,
      );
      const button = root.querySelector('button.launcher')!;
      expect(button.getAttribute('title')).to.equal('在线客服暂时无法连接');
      expect(button.getAttribute('aria-label')).to.equal('在线客服暂时无法连接');
      // Nothing more is asked: no retry loop.
      await pause(2500);
      expect(chatCalls()).to.equal(1);
      expect(errors.length, JSON.stringify(errors.map(String))).to.equal(1);
      expect(String(errors[0]?.[0])).to.match(/chat.*404.*configurePortal/s);
      // Sending is off while it cannot be reached.
      expect(root.querySelector<HTMLButtonElement>('button.send')!.disabled).to.equal(true);
    } finally {
      console.error = original;
    }
  });
});
