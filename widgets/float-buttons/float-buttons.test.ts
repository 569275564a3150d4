import { expect } from 'chai';
import { $chat } from '../core/stores/chat';
import { axeViolations } from '../test-support/axe';
import { waitFor } from '../test-support/wait';
import './float-buttons.element';

describe('<portal-float-buttons>', () => {
  it('opens the chat with the card of the page and says so', async () => {
    const card = { picUrl: '/media/cover/product/1.svg', title: '设备物联平台', description: '连接设备' };
    $chat.set({ ...$chat.get(), cardInfo: card, visible: false });
    const element = document.createElement('portal-float-buttons');
    document.body.append(element);
    await waitFor(() => element.shadowRoot?.querySelector('.contact'), 'rendered');
    let detail: unknown;
    element.addEventListener('portal-float-buttons-contact', (event) => {
      detail = event.detail;
    });
    element.shadowRoot!.querySelector<HTMLButtonElement>('.contact')!.click();
    expect($chat.get()).to.include({ visible: true, unreadMessageCount: 0 });
    expect(detail).to.deep.equal({ card });
    expect(await axeViolations(element)).to.deep.equal([]);
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
