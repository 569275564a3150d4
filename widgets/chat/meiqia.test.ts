import { expect } from 'chai';
import type { PortalChatLauncher } from '../chat-launcher/chat-launcher.element';
import { SETTINGS_KEY } from '../chat-launcher/types';
import { $chat, setUserInfo } from '../core/stores';
import { waitFor } from '../test-support/wait';
import '../chat-launcher/chat-launcher.element';

type Fake = {
  calls: unknown[][];
  loads: number;
  visible: boolean;
  receive(m: unknown): void;
  closeFromProvider(): void;
};
const fake = () => (window as unknown as { __fakeMeiqia?: Fake }).__fakeMeiqia;
const calls = (command: string) => fake()?.calls.filter(([name]) => name === command) ?? [];

describe('<portal-chat-launcher> with the hosted provider', () => {
  it('maps the chat state to the provider: panel, metadata once, product card, unread messages', async () => {
    (window as unknown as Record<symbol, unknown>)[SETTINGS_KEY] = {
      provider: 'meiqia',
      entId: 'ent-42',
      script: '/widgets/test-support/fake-meiqia.js',
    };
    setUserInfo({
      name: '张明',
      mobile: '13800000000',
      headImg: '',
      companyId: '1001',
      userName: 'demo',
      potalStatus: true,
    });
    const launcher = document.createElement('portal-chat-launcher') as PortalChatLauncher;
    document.body.append(launcher);
    const unread: number[] = [];
    launcher.addEventListener('portal-chat-unread-changed', (event) => unread.push(event.detail.count));

    const card = {
      picUrl: 'https://portal.example/p.svg',
      title: '设备物联平台',
      description: '连接设备',
      url: 'https://portal.example/product/P2025001',
    };
    launcher.open(card);
    await launcher.ready;
    await waitFor(() => fake()?.visible, 'the provider panel is shown');
    expect(calls('entId')).to.deep.equal([['entId', 'ent-42']]);
    expect(calls('withoutBtn')).to.have.length(1);
    expect(calls('metadata')).to.deep.equal([['metadata', { name: '张明', tel: '13800000000' }]]);
    expect(calls('productCard')).to.deep.equal([
      ['productCard', { title: '设备物联平台', description: '连接设备', pic_url: card.picUrl, product_url: card.url }],
    ]);

    // Hidden by the provider's own close button: the state follows.
    fake()?.closeFromProvider();
    expect($chat.get().visible).to.equal(false);
    fake()?.receive([{ content: '您好' }]);
    fake()?.receive([{ content: '在吗？' }]);
    expect(launcher.unreadCount).to.equal(2);
    expect(launcher.shadowRoot?.querySelector('.badge')?.textContent).to.equal('2');

    launcher.toggle();
    await waitFor(() => fake()?.visible, 'shown again');
    expect(launcher.unreadCount).to.equal(0);
    expect(unread).to.deep.equal([1, 2, 0]);
    // Once per page: metadata and the card of the same address are not sent again.
    expect(calls('metadata')).to.have.length(1);
    expect(calls('productCard')).to.have.length(1);
    expect(fake()?.loads).to.equal(1);
    launcher.close();
    expect(fake()?.visible).to.equal(false);
  });
});
