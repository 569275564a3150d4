import { expect } from 'chai';
import { MAX_TEXT, panelStore } from './panel-store';
import type { ChatMessage } from './types';

const message = (id: number, sender: 'visitor' | 'agent', clientId = `c${id}`) =>
  ({
    id,
    conversationId: 1,
    sender,
    kind: 'text',
    text: `第 ${id} 条`,
    clientId,
    createdAt: 1_764_316_800_000,
  }) satisfies ChatMessage;

describe('the chat panel’s store', () => {
  it('shows each stored message once, oldest first, in place of its pending copy', () => {
    const store = panelStore();
    store.sending({ clientId: 'c3', text: '第 3 条' });
    expect(store.receive(message(3, 'visitor'))).to.equal(true);
    expect(store.receive(message(1, 'agent'))).to.equal(true);
    expect(store.receive(message(3, 'visitor')), 'a replay').to.equal(false);
    const { messages, pending } = store.$panel.get();
    expect(messages.map((m) => m.id)).to.deep.equal([1, 3]);
    expect(pending).to.deep.equal([]);
    expect(store.lastAgentId()).to.equal(1);
  });

  it('refuses an empty or too long text, and a refused send puts the text back into an empty box', () => {
    const store = panelStore();
    expect(store.take('   ', '太长')).to.equal(undefined);
    expect(store.take('x'.repeat(MAX_TEXT + 1), '太长')).to.equal(undefined);
    expect(store.$panel.get().error).to.equal('太长');
    store.typed('短一点');
    expect(store.$panel.get().error, 'cleared once short enough').to.equal('');
    expect(store.take(' 你好 ', '太长')).to.equal('你好');
    expect(store.$panel.get().draft).to.equal('');
    const item = { clientId: 'c9', text: '你好' };
    store.sending(item);
    store.failed(item, '发送太快，请稍后再试');
    expect(store.$panel.get()).to.include({ draft: '你好', error: '发送太快，请稍后再试' });
    expect(store.$panel.get().pending).to.deep.equal([]);
  });

  it('holds a card refused for now (a limit) until it is sent again; a card refused for good is not held', () => {
    const store = panelStore();
    const card = {
      clientId: 'k1',
      card: { type: 1, associationNo: 'P2025001', title: '设备物联平台', description: '', picUrl: '', url: '' },
    } as const;
    store.sending(card);
    store.failed(card, '新会话过多，请约 10 分钟后再试', true);
    expect(store.$panel.get()).to.deep.include({ pending: [], held: [card], error: '新会话过多，请约 10 分钟后再试' });
    store.failed(card, '新会话过多，请约 9 分钟后再试', true);
    expect(store.$panel.get().held, 'held once').to.deep.equal([card]);
    store.sending(card);
    expect(store.$panel.get()).to.deep.include({ pending: [card], held: [] });
    store.failed(card, '没有这个产品或解决方案');
    expect(store.$panel.get()).to.deep.include({ pending: [], held: [] });
  });
});
