import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type InboxPage, inboxAfterSignIn, inboxHref, readInboxQuery } from './chat-inbox';
import { inboxRange, sameAddressWords } from './chat-inbox-words';

/** What was read, without the names it left out (valibot keeps them, undefined). */
const read = (search: string) => JSON.parse(JSON.stringify(readInboxQuery(search)));

describe('the agent inbox’s query', () => {
  it('goes into an address and comes back the same: search, filters, an address’s list, the place', () => {
    const query = {
      show: 'unanswered' as const,
      q: '张明 100%&x=1',
      signedIn: true,
      withCard: true,
      address: '::ffff:203.0.113.7',
      before: '1795000000000-12',
    };
    const href = inboxHref(query, 7);
    assert.equal(
      href,
      '/chat/agent?show=unanswered&q=%E5%BC%A0%E6%98%8E+100%25%26x%3D1&signed-in=1&card=1&address=%3A%3Affff%3A203.0.113.7&before=1795000000000-12&open=7',
    );
    assert.deepEqual(read(href.slice('/chat/agent'.length)), { query });
    // Signing in leads back to the same list, and the conversation it opened.
    assert.equal(inboxAfterSignIn(href.slice('/chat/agent'.length)), href);
  });

  it('an empty search is none; what is not a query is the newest page, and says why', () => {
    assert.deepEqual(read('?q=%20%20&signed-in=1'), { query: { show: 'all', signedIn: true } });
    for (const [search, error] of [
      [`?q=${'长'.repeat(101)}`, '搜索内容不能超过 100 个字'],
      ['?q=a%01b', '搜索内容不能含控制字符'],
      ['?card=0', '“只看带产品卡片”的值不正确'],
      ['?before=1-1&after=2-2', '翻页位置只能给一个'],
      ['?address=a%0Ab', '来源地址不正确'],
    ])
      assert.deepEqual(read(search as string), { query: { show: 'all' }, error }, search);
    assert.equal(inboxAfterSignIn('?card=0&open=7'), '/chat/agent?open=7');
  });
});

describe('what the inbox’s list says', () => {
  const page = (rows: number, total: number): InboxPage => ({
    conversations: Array.from({ length: 2 }, (_, i) => ({
      id: i + 1,
      signedIn: false,
      name: null,
      mobile: null,
      origin: '',
      createdAt: 0,
      updatedAt: 0,
      unread: 0,
      unanswered: true,
      product: null,
      last: null,
    })),
    from: 1,
    total,
    unanswered: total,
    rows,
    older: null,
    newer: null,
  });

  it('counts conversations, or rows when an address’s many are one', () => {
    assert.equal(inboxRange(page(2, 2), { show: 'all' }), '第 1–2 个，共 2 个会话');
    assert.equal(
      inboxRange(page(2, 301), { show: 'unanswered' }),
      '第 1–2 行，共 2 行（301 个未回复会话，同一地址的合为一行）',
    );
    assert.equal(inboxRange({ ...page(0, 0), conversations: [] }, { show: 'all', q: 'x' }), '没有符合条件的会话。');
  });

  it('says how many others a row stands for, and how many of them wait', () => {
    const row = { ...page(1, 1).conversations[0], group: { address: 'x', count: 300, unanswered: 12 } } as never;
    assert.equal(sameAddressWords(row), '同一地址还有 299 个会话（11 个未回复）');
  });
});
