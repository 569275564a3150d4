import { expect } from 'chai';
import { $chat } from '../core/stores/chat';
import { axeViolations } from '../test-support/axe';
import { waitFor, waitForStyles } from '../test-support/wait';
import './float-buttons.element';

describe('<portal-float-buttons>', () => {
  it('opens the chat with the card of the page and says so', async () => {
    const card = { picUrl: '/media/cover/product/1.svg', title: '设备物联平台', description: '连接设备' };
    $chat.set({ ...$chat.get(), cardInfo: card, visible: false });
    const element = document.createElement('portal-float-buttons');
    document.body.append(element);
    await waitFor(() => element.shadowRoot?.querySelector('.contact'), 'rendered');
    await waitForStyles(element);
    let detail: unknown;
    element.addEventListener('portal-float-buttons-contact', (event) => {
      detail = event.detail;
    });
    element.shadowRoot!.querySelector<HTMLButtonElement>('.contact')!.click();
    expect($chat.get()).to.include({ visible: true, unreadMessageCount: 0 });
    expect(detail).to.deep.equal({ card });
    expect(await axeViolations(element)).to.deep.equal([]);
  });

  it('leaves the contact button to the chat launcher, the one way into the chat, when the page has one', async () => {
    const element = document.querySelector('portal-float-buttons')!;
    const contact = () => element.shadowRoot!.querySelector('[part="contact-button"]');
    expect(contact()).to.not.equal(null);
    // chat.js adds the launcher to the body once the page is parsed.
    const launcher = document.createElement('portal-chat-launcher');
    document.body.append(launcher);
    await waitFor(() => !contact(), 'contact left out');
    expect(element.shadowRoot!.querySelector('[part="top-button"]')).to.not.equal(null);
    launcher.remove();
    await waitFor(() => contact(), 'contact back without a launcher');
  });

  it('stands above the cookie notice while the notice publishes its height', async () => {
    const element = document.querySelector('portal-float-buttons')!;
    const before = element.getBoundingClientRect().bottom;
    document.documentElement.style.setProperty('--portal-cookie-notice-height', '120px');
    try {
      expect(before - element.getBoundingClientRect().bottom).to.equal(120);
    } finally {
      document.documentElement.style.removeProperty('--portal-cookie-notice-height');
    }
  });

  it('goes back to the top', async () => {
    const filler = document.createElement('div');
    filler.style.height = '3000px';
    document.body.append(filler);
    window.scrollTo(0, 1500);
    const element = document.querySelector('portal-float-buttons')!;
    element.shadowRoot!.querySelector<HTMLButtonElement>('[part="top-button"]')!.click();
    await waitFor(() => window.scrollY === 0, 'at the top', 3000);
    filler.remove();
  });
});
