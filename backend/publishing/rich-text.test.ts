import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_POLICY } from '../../contract/rich-text';
import { sanitizeRichText } from './rich-text';

const ID = '0123456789abcdef0123';
const pages = (html: string) => sanitizeHtml(html, RICH_TEXT_POLICY);

describe('rich text: images from the media library, and nothing else', () => {
  it('keeps an uploaded image with its srcset, sizes, size and text alternative, on output and on save', () => {
    const html = `<p><img src="/media/${ID}-640.jpg" srcset="/media/${ID}-320.jpg 320w, /media/${ID}-640.jpg 640w" sizes="(max-width: 868px) calc(100vw - 48px), 820px" width="640" height="360" alt="车间" loading="lazy"></p>`;
    assert.equal(
      pages(html),
      `<p><img src="/media/${ID}-640.jpg" srcset="/media/${ID}-320.jpg 320w, /media/${ID}-640.jpg 640w" sizes="(max-width: 868px) calc(100vw - 48px), 820px" width="640" height="360" alt="车间" loading="lazy" /></p>`,
    );
  });

  it('drops images from anywhere else: javascript:, data:, other hosts, look-alike paths', () => {
    for (const src of [
      'javascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      'https://evil.example/x.jpg',
      `https://evil.example/media/${ID}-640.jpg`,
      `//evil.example/media/${ID}-640.jpg`,
      `/media/../portal.sqlite`,
      `/media/${ID}-640.svg`,
      `/media/logo.svg`,
      `/media/${ID}-640.jpg?x=1`,
      ` /media/${ID}-640.jpg`,
    ]) {
      assert.equal(pages(`<p>文<img src="${src}" alt="x"></p>`), '<p>文</p>', src);
      assert.equal(sanitizeRichText(`<p>文<img src="${src}" alt="x"></p>`), '<p>文</p>', src);
    }
  });

  it('drops a srcset or a source that names anything but uploads, and every handler and style', () => {
    assert.equal(
      pages(`<img src="/media/${ID}-640.jpg" srcset="https://evil.example/a.jpg 640w" onerror="alert(1)" style="x">`),
      `<img src="/media/${ID}-640.jpg" />`,
    );
    assert.equal(
      pages(
        `<picture><source srcset="data:image/webp;base64,AAAA 1w"><source type="text/html" srcset="/media/${ID}-320.webp 320w"><img src="/media/${ID}-320.jpg"></picture>`,
      ),
      `<picture><source srcset="/media/${ID}-320.webp 320w" /><img src="/media/${ID}-320.jpg" /></picture>`,
    );
    assert.equal(
      pages('<iframe src="/media/x"></iframe><svg><image href="/media/x"/></svg><p>留下</p>'),
      '<p>留下</p>',
    );
  });

  it('saves the editor’s figures as <picture> with WebP and the fallback in every width, the caption as alt', () => {
    const saved = sanitizeRichText(
      `<div>开头<figure data-trix-attachment="{&quot;url&quot;:&quot;x&quot;}" class="attachment attachment--preview"><img src="/media/${ID}-960.jpg" width="960" height="540"><figcaption class="attachment__caption">新产线 &amp; "设备"</figcaption></figure>结尾</div><h1>大标题</h1>`,
    );
    const widths = [320, 640, 960];
    assert.equal(
      saved,
      '<p>开头</p><figure><picture>' +
        `<source type="image/webp" srcset="${widths.map((w) => `/media/${ID}-${w}.webp ${w}w`).join(', ')}" sizes="(max-width: 868px) calc(100vw - 48px), 820px" />` +
        `<img src="/media/${ID}-960.jpg" srcset="${widths.map((w) => `/media/${ID}-${w}.jpg ${w}w`).join(', ')}" sizes="(max-width: 868px) calc(100vw - 48px), 820px" width="960" height="540" alt="新产线 &amp; &quot;设备&quot;" loading="lazy" />` +
        '</picture><figcaption>新产线 &amp; &quot;设备&quot;</figcaption></figure><p>结尾</p><h2>大标题</h2>',
    );
    assert.equal(pages(saved), saved, 'what is saved is what pages show');
    assert.equal(sanitizeRichText(saved), saved, 'saving it again changes nothing');
  });
});
