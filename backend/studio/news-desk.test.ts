import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request } from '../../test-support/http';
import { startTestPortal, type TestPortal } from '../../test-support/portal';
import { StaffBrowser } from '../test-support/staff-browser';

const ADMIN = { login: 'admin', password: 'Admin-news-2026' };

const NEWS = {
  categoryId: '1',
  title: '智造云发布新一代质量分析平台',
  summary: '新一代平台把质量数据接入生产全流程。',
  source: '智造云',
  publishedAt: '2026-11-20',
  contentHtml: '<p>正文第一段。</p><h3>小标题</h3><p>第二段。</p>',
};

describe('the news desk: drafts, preview, publishing, revisions', () => {
  let portal: TestPortal;
  let admin: StaffBrowser;
  let editor: StaffBrowser;
  let id = '';
  const visitor = (path: string, headers: Record<string, string> = {}) => request(portal.port, path, { headers });

  before(async () => {
    portal = await startTestPortal({ studioAdmin: ADMIN, publishCheckMs: 100 });
    admin = new StaffBrowser(portal);
    await admin.signIn(ADMIN.login, ADMIN.password);
    editor = await admin.addMember({ login: 'writer', name: '李编辑', roles: 'editor' });
  });
  after(() => portal.close());

  it('keeps a new item a draft: visitors get 404 at its address, with or without preview; the editor previews it', async () => {
    const saved = await editor.submit('/studio/news/new', '/studio/news', NEWS);
    assert.equal(saved.status, 303, saved.body);
    id = /\/studio\/news\/(\d+)\?done=saved/.exec(saved.location ?? '')?.[1] ?? '';
    assert.ok(id);
    assert.equal((await visitor(`/news/${id}`)).status, 404);
    assert.equal((await visitor(`/news/${id}?preview=true`)).status, 404);
    const preview = await editor.get(`/news/${id}?preview=true`);
    assert.equal(preview.status, 200);
    assert.match(preview.body, new RegExp(NEWS.title));
    assert.doesNotMatch((await visitor('/news')).body, new RegExp(NEWS.title));
    const previewHeaders = await request(portal.port, `/news/${id}?preview=true`, {
      headers: { Cookie: [...editor.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    assert.equal(previewHeaders.headers['cache-control'], 'no-store');
  });

  it('lets an editor draft but not publish', async () => {
    const refused = await editor.post(`/studio/news/${id}/publish`, {});
    assert.equal(refused.status, 403);
    assert.equal((await visitor(`/news/${id}`)).status, 404);
  });

  it('publishes: the page, the list, search, the feed and the site map show it at once, kept pages included', async () => {
    assert.equal((await visitor('/news')).status, 200, 'the list is kept before the publish');
    const published = await admin.submit(`/studio/news/${id}`, `/studio/news/${id}/publish`, {});
    assert.equal(published.location, `/studio/news/${id}?done=published`);
    assert.match((await visitor(`/news/${id}`)).body, new RegExp(NEWS.title));
    assert.match((await visitor('/news')).body, new RegExp(NEWS.title), 'the kept list was dropped');
    assert.match(
      (await visitor(`/searchRes?keyword=${encodeURIComponent('质量分析平台')}`)).body,
      new RegExp(`/news/${id}`),
    );
    assert.match((await visitor('/feed.xml')).body, new RegExp(NEWS.title));
    assert.match((await visitor('/sitemap.xml')).body, new RegExp(`/news/${id}<`));
  });

  it('shows an edited title once published, keeps revisions, and restores the old title', async () => {
    const edited = await editor.submit(`/studio/news/${id}`, `/studio/news/${id}`, {
      ...NEWS,
      title: '改过的标题：质量平台',
    });
    assert.equal(edited.status, 303);
    assert.match((await visitor(`/news/${id}`)).body, new RegExp(NEWS.title), 'a draft changes nothing for visitors');
    await admin.submit(`/studio/news/${id}`, `/studio/news/${id}/publish`, {});
    assert.match((await visitor(`/news/${id}`)).body, /改过的标题：质量平台/);
    const page = await admin.get(`/studio/news/${id}`);
    assert.match(page.body, /改了标题/);
    const first = [...page.body.matchAll(/name="revision" value="(\d+)"/g)].map((match) => match[1]).at(-1) ?? '';
    const restored = await admin.submit(`/studio/news/${id}`, `/studio/news/${id}/restore`, { revision: first });
    assert.equal(restored.location, `/studio/news/${id}?done=restored`);
    assert.match((await visitor(`/news/${id}`)).body, new RegExp(NEWS.title));
  });

  it('takes an item down: 404 again, gone from the list and search', async () => {
    await admin.submit(`/studio/news/${id}`, `/studio/news/${id}/unpublish`, {});
    assert.equal((await visitor(`/news/${id}`)).status, 404);
    assert.doesNotMatch((await visitor('/news')).body, new RegExp(NEWS.title));
    assert.doesNotMatch(
      (await visitor(`/searchRes?keyword=${encodeURIComponent('质量分析平台')}`)).body,
      new RegExp(`/news/${id}`),
    );
  });

  it('publishes at the time set, once', async () => {
    const at = new Date(Date.now() + 3_600_000 + 8 * 3_600_000).toISOString().slice(0, 16);
    const scheduled = await admin.submit(`/studio/news/${id}`, `/studio/news/${id}/schedule`, { at });
    assert.equal(scheduled.location, `/studio/news/${id}?done=scheduled`);
    assert.equal((await visitor(`/news/${id}`)).status, 404, 'not yet');
    // An hour passes.
    portal.sqlite.prepare('UPDATE content_schedule SET publish_at = ?').run(Date.now() - 1);
    for (let i = 0; i < 50 && (await visitor(`/news/${id}`)).status !== 200; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal((await visitor(`/news/${id}`)).status, 200);
    assert.equal((portal.sqlite.prepare('SELECT count(*) AS n FROM content_schedule').get() as { n: number }).n, 0);
  });

  it('refuses a bad save with each field’s message, keeps what was typed, and makes hostile HTML inert', async () => {
    const refused = await editor.submit('/studio/news/new', '/studio/news', {
      ...NEWS,
      title: '',
      publishedAt: '2026-13-45',
    });
    assert.equal(refused.status, 400);
    assert.match(refused.body, /请填写标题/);
    assert.match(refused.body, /发布日期不是有效日期/);
    assert.match(refused.body, /新一代平台把质量数据接入生产全流程/, 'the summary typed is kept');
    const hostile = await editor.submit('/studio/news/new', '/studio/news', {
      ...NEWS,
      title: '<script>alert(1)</script>标题',
      contentHtml:
        '<p onclick="alert(1)">段落</p><script>alert(2)</script><img src=x onerror=alert(3)><a href="javascript:alert(4)">链接</a>',
    });
    const hostileId = /\/studio\/news\/(\d+)/.exec(hostile.location ?? '')?.[1];
    await admin.submit(`/studio/news/${hostileId}`, `/studio/news/${hostileId}/publish`, {});
    const shown = (await visitor(`/news/${hostileId}`)).body;
    assert.doesNotMatch(shown, /<script>alert|onclick=|onerror=|javascript:alert/);
    assert.match(shown, /&lt;script>alert\(1\)&lt;\/script>标题/, 'the title shown as text');
    const stored = portal.sqlite.prepare('SELECT content_html AS html FROM news WHERE id = ?').get(hostileId) as {
      html: string;
    };
    assert.doesNotMatch(stored.html, /script|onclick|onerror|javascript/, 'sanitised on save');
  });

  it('logs each step in the audit log', async () => {
    const log = (await admin.get('/studio/audit')).body;
    for (const action of ['保存草稿', '发布', '恢复版本并发布', '撤下', '定时发布'])
      assert.match(log, new RegExp(action));
  });
});
