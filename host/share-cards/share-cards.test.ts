import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ensureShareCardFont, SHARE_CARD_CHARACTERS } from '../../build/share-card-font';
import { site } from '../data/site';
import { coverArt } from '../media';
import { shareImage } from './cards';
import { cardSvg, drawCard } from './draw';
import { itemSubject, versionOf } from './faces';

/** The share cards' drawing and versions, without a server (routes: host/routes/share.test.ts). */

before(() => ensureShareCardFont());

describe("the share cards' font", () => {
  it('covers GB 2312 (its 6,763 hanzi, 々, its punctuation), 〇, ASCII and the punctuation titles use', () => {
    const han = [...SHARE_CARD_CHARACTERS].filter((char) => /\p{Script=Han}/u.test(char));
    assert.equal(han.length, 6763 + 2);
    for (const char of '啊齄亍〇，。、；：？！“”‘’（）《》【】—…·–0aZ~')
      assert.ok(SHARE_CARD_CHARACTERS.includes(char), char);
  });

  it('draws each character as its own glyph, not the same box for all', async () => {
    const face = { art: coverArt('test'), label: '' };
    // A character the font lacks draws its "missing" box: two of them look alike.
    const shapes = async (title: string) =>
      (await cardSvg({ ...face, title })).replace(/id="[^"]*"|url\(#[^)]*\)/g, '');
    assert.equal(await shapes('𠮷'), await shapes('𠀀'), 'two missing characters draw one box');
    const drawn = await Promise.all(['啊', '齄', '亍', '国', '（', 'A'].map(shapes));
    assert.equal(new Set(drawn).size, drawn.length, 'each character its own shape');
    assert.notEqual(drawn[0], await shapes('𠮷'));
  });
});

describe('share cards', () => {
  it('a page names its card with a version of what it shows, without drawing it', () => {
    const first = shareImage('news', 12, '工业互联网平台发布');
    assert.match(first.url, /^\/media\/share\/news\/12\.png\?v=[0-9a-f]{10}$/);
    assert.deepEqual([first.width, first.height, first.alt], [1200, 630, '工业互联网平台发布']);
    assert.equal(shareImage('news', 12, '工业互联网平台发布').url, first.url, 'the same title, the same address');
    assert.notEqual(shareImage('news', 12, '工业互联网平台升级').url, first.url, 'a new title, a new address');
    assert.notEqual(shareImage('case', 12, '工业互联网平台发布').url.split('?')[1], first.url.split('?')[1]);
  });

  it('names the section and the brand under the title', () => {
    const { face } = itemSubject('product', 1, '设备物联平台');
    assert.equal(face.label, `产品中心 · ${site.name}`);
    assert.notEqual(
      versionOf(itemSubject('product', 1, '设备物联平台')),
      versionOf(itemSubject('product', 1, '能耗管理')),
    );
  });

  it('two titles on the same cover are two pictures', async () => {
    const art = coverArt('product-1');
    const [a, b] = await Promise.all(
      ['设备物联平台', '能耗优化系统'].map((title) => drawCard({ art, title, label: site.name })),
    );
    assert.ok(a && b && !a.equals(b));
  });

  it('draws any title as text: markup, control characters and a very long one', async () => {
    const art = coverArt('news-7');
    for (const title of ['</svg><script>alert(1)</script> & "x" \u0001 \u2028', '工业'.repeat(5000)]) {
      const svg = await cardSvg({ art, title, label: site.name });
      assert.doesNotMatch(svg, /<script|alert/);
      assert.ok((await drawCard({ art, title, label: site.name })).length > 0);
    }
  });
});
