import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { request } from '../../test-support/http';
import { startTestPortal, type TestPortal } from '../../test-support/portal';
import { issuedVisitor } from '../test-support/chat-visitor';

/**
 * A chat card is built by the service from a product or solution number: the
 * visitor names the item, never the address, title or picture agents see.
 */
const PASSWORD = 'Agent-cards-2026';
let portal: TestPortal;
let cookie: string;
before(async () => {
  portal = await startTestPortal({ chat: { agentPassword: PASSWORD, conversationsPerAddress: 1000 } });
  const signIn = await request(portal.port, '/chat/agent/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: portal.origin },
    body: new URLSearchParams({ password: PASSWORD }).toString(),
  });
  cookie = String(signIn.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
});
after(() => portal.close());

const newVisitor = () => issuedVisitor(portal.origin);
const sendCard = async (visitor: string, card: unknown) => {
  const res = await request(portal.port, '/api/chat/messages', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Chat-Visitor': visitor },
    body: JSON.stringify({ kind: 'card', card }),
  });
  return { status: res.status, json: JSON.parse(res.body), body: res.body };
};
const agentMessages = async (conversationId: number) =>
  JSON.parse(
    (
      await request(portal.port, `/chat/agent/api/conversations/${conversationId}/messages`, {
        headers: { Cookie: cookie },
      })
    ).body,
  ).result as Array<{ kind: string; card?: Record<string, unknown> }>;

const HOSTILE = ['https://www.miit.gov.cn.evil.com/', 'javascript:alert(1)', '//evil.example/x', '/\\evil.example'];

describe('chat cards', () => {
  for (const url of HOSTILE) {
    it(`a card naming ${url} links only to the portal's own product page, with the store's title and picture`, async () => {
      const product = await portal.backend.content.product('P2025001');
      assert.ok(product);
      const sent = await sendCard(await newVisitor(), {
        type: 1,
        associationNo: 'P2025001',
        url,
        title: '工信部官方通知',
        description: '请点击链接领取补贴',
        picUrl: url,
      });
      assert.equal(sent.status, 200, sent.body);
      const card = sent.json.result.card;
      const expected = {
        type: 1,
        associationNo: 'P2025001',
        title: product.name,
        description: product.summary,
        url: '/product/P2025001',
      };
      assert.deepEqual({ ...card, picUrl: undefined }, { ...expected, picUrl: undefined });
      assert.match(card.picUrl, /^\/media\/cover\/product\/\d+\.svg(\?v=\w+)?$/);
      // The agents see exactly that, and nothing the visitor wrote.
      const seen = (await agentMessages(sent.json.result.conversationId)).find((m) => m.kind === 'card');
      assert.deepEqual(seen?.card, card);
      assert.doesNotMatch(JSON.stringify(seen), /evil|javascript|工信部|补贴/);
    });
  }

  it('a card stored before the service built them shows none of what its visitor wrote', async () => {
    const sent = await sendCard(await newVisitor(), { type: 1, associationNo: 'P2025001' });
    const { conversationId } = sent.json.result;
    portal.sqlite
      .prepare(
        "INSERT INTO chat_messages (conversation_id, sender, kind, body, created_at) VALUES (?, 'visitor', 'card', ?, ?)",
      )
      .run(
        conversationId,
        JSON.stringify({
          picUrl: '',
          title: '工信部官方通知',
          description: '',
          url: 'https://www.miit.gov.cn.evil.com/',
        }),
        Date.now(),
      );
    const old = (await agentMessages(conversationId)).at(-1);
    assert.deepEqual(
      { kind: old?.kind, card: old?.card, text: (old as { text?: string }).text },
      {
        kind: 'card',
        card: undefined,
        text: '[卡片]',
      },
    );
  });

  it('a solution card links to the solution page', async () => {
    const sent = await sendCard(await newVisitor(), { type: 2, associationNo: 'S2025002' });
    assert.equal(sent.status, 200, sent.body);
    assert.equal(sent.json.result.card.url, '/solution/S2025002');
    assert.equal(sent.json.result.card.title, (await portal.backend.content.solution('S2025002'))?.title);
  });

  it('refuses an unknown number, a number of the other kind, a malformed one and a card without a number', async () => {
    const visitor = await newVisitor();
    const unknown = await sendCard(visitor, { type: 1, associationNo: 'P9999999' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.json.msg, '没有这个产品或解决方案');
    assert.equal(unknown.json.code, 'E0400');
    assert.equal((await sendCard(visitor, { type: 1, associationNo: 'S2025002' })).json.msg, '没有这个产品或解决方案');
    assert.equal((await sendCard(visitor, { type: 3, associationNo: 'P2025001' })).status, 400);
    assert.equal((await sendCard(visitor, { type: 1, associationNo: '<script>' })).status, 400);
    const spelledOut = await sendCard(visitor, {
      picUrl: '/media/cover/product/1.svg',
      title: '设备物联平台',
      description: '连接设备',
      url: 'https://www.miit.gov.cn.evil.com/',
    });
    assert.equal(spelledOut.status, 400);
    // Nothing refused started a conversation.
    const history = await request(portal.port, '/api/chat/messages', { headers: { 'X-Chat-Visitor': visitor } });
    assert.equal(JSON.parse(history.body).result.conversationId, null);
  });
});
