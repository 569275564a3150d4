import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request } from '../../test-support/http';
import { testDatabases } from '../test-support/databases';
import { LIVE_HTML, type Studio, studioWithStaff } from '../test-support/desk-lifecycle';
import { accessTokenFor } from '../test-support/sign-in';

const CHECK = '/api-zzy-portal/api/contract/check';
const CONFIRM = '/api-zzy-portal/api/contract/confirm';

for (const target of testDatabases)
  describe(`the agreements desk on ${target.name}: a new version published is asked of every customer again`, {
    skip: target.skip,
  }, () => {
    let studio: Studio;
    let tokens = { demo: '', newterms: '' };
    let serviceId = '';
    const call = async (token: string, path = CHECK, body?: unknown) => {
      const res = await request(studio.portal.port, path, {
        method: body ? 'POST' : 'GET',
        headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return JSON.parse(res.body).result as Array<{
        code: string;
        templateVersion: string;
        title: string;
        content: string;
      }>;
    };
    const NEXT = {
      code: 'PORTAL_SERVICE',
      templateVersion: '2026.2',
      title: '平台服务协议（2026 年第二版）',
      contentHtml: '<p>第二版条款：服务等级提高到 99.95%。</p>',
    };

    before(async () => {
      studio = await studioWithStaff(await target.url?.());
      tokens = {
        demo: await accessTokenFor(studio.portal.port, studio.portal.origin, 'demo'),
        newterms: await accessTokenFor(studio.portal.port, studio.portal.origin, 'newterms'),
      };
    });
    after(() => studio.portal.close());

    it('lists each agreement with the version customers are asked for', async () => {
      const list = (await studio.editor.get('/studio/agreements')).body;
      assert.match(list, /平台服务协议/);
      assert.match(list, /数据处理协议/);
      serviceId = /href="\/studio\/agreements\/(\d+)">平台服务协议/.exec(list)?.[1] ?? '';
      assert.ok(serviceId);
      assert.deepEqual(await call(tokens.demo), []);
      assert.equal((await call(tokens.newterms)).length, 2);
    });

    it('a draft of the next version asks nobody; staff read its text, visitors cannot', async () => {
      const saved = await studio.editor.submit(
        `/studio/agreements/${serviceId}`,
        `/studio/agreements/${serviceId}`,
        NEXT,
      );
      assert.equal(saved.status, 303, saved.body);
      assert.deepEqual(await call(tokens.demo), []);
      const text = await studio.editor.get(`/studio/agreements/${serviceId}/text?preview=true`);
      assert.match(text.body, /服务等级提高到 99\.95%/);
      const visitor = await request(studio.portal.port, `/studio/agreements/${serviceId}/text`);
      assert.equal(visitor.status, 303, 'sent to sign in');
    });

    it('publishing it makes a customer who confirmed the old version confirm the new one', async () => {
      const published = await studio.admin.submit(
        `/studio/agreements/${serviceId}`,
        `/studio/agreements/${serviceId}/publish`,
        {},
      );
      assert.equal(published.location, `/studio/agreements/${serviceId}?done=published`);
      const pending = await call(tokens.demo);
      assert.deepEqual(
        pending.map(({ code, templateVersion, title }) => ({ code, templateVersion, title })),
        [{ code: 'PORTAL_SERVICE', templateVersion: '2026.2', title: NEXT.title }],
      );
      assert.match(pending[0]?.content ?? '', /99\.95%/);
      assert.equal(
        (await call(tokens.newterms)).find((agreement) => agreement.code === 'PORTAL_SERVICE')?.templateVersion,
        '2026.2',
        'a customer who confirmed nothing is asked for the newest version only',
      );
      assert.equal(
        await call(tokens.demo, CONFIRM, { sceneCode: 'PORTAL_SERVICE', contractVersion: '2026.2' }),
        true as never,
      );
      assert.deepEqual(await call(tokens.demo), []);
    });

    it('the same version published again corrects its text without asking again', async () => {
      await studio.editor.submit(`/studio/agreements/${serviceId}`, `/studio/agreements/${serviceId}`, {
        ...NEXT,
        contentHtml: '<p>第二版条款：服务等级提高到 99.95%（更正错字）。</p>',
      });
      await studio.admin.submit(`/studio/agreements/${serviceId}`, `/studio/agreements/${serviceId}/publish`, {});
      assert.deepEqual(await call(tokens.demo), []);
      assert.match((await call(tokens.newterms)).find((a) => a.code === 'PORTAL_SERVICE')?.content ?? '', /更正错字/);
    });

    it('a new agreement is asked of everyone once published, not before', async () => {
      const saved = await studio.editor.submit('/studio/agreements/new', '/studio/agreements', {
        code: 'AI_SERVICE',
        templateVersion: '1',
        title: '人工智能服务补充协议',
        contentHtml: '<p>补充条款。</p>',
      });
      assert.equal(saved.status, 303, saved.body);
      const id = /\/studio\/agreements\/(\d+)/.exec(saved.location ?? '')?.[1];
      assert.deepEqual(await call(tokens.demo), []);
      await studio.admin.submit(`/studio/agreements/${id}`, `/studio/agreements/${id}/publish`, {});
      assert.deepEqual(
        (await call(tokens.demo)).map((agreement) => agreement.code),
        ['AI_SERVICE'],
      );
      await studio.admin.submit(`/studio/agreements/${id}`, `/studio/agreements/${id}/unpublish`, {});
      assert.deepEqual(await call(tokens.demo), [], 'taken down: asked of nobody');
    });

    it('restoring the first revision brings back the text first published under its version', async () => {
      const page = (await studio.admin.get(`/studio/agreements/${serviceId}`)).body;
      const first = [...page.matchAll(/name="revision" value="(\d+)"/g)].map((match) => match[1]).at(-1) ?? '';
      await studio.admin.submit(`/studio/agreements/${serviceId}`, `/studio/agreements/${serviceId}/restore`, {
        revision: first,
      });
      const asked = (await call(tokens.newterms)).find((agreement) => agreement.code === 'PORTAL_SERVICE');
      assert.equal(asked?.templateVersion, '2026.2');
      assert.doesNotMatch(asked?.content ?? '', /更正错字/);
      assert.deepEqual(await call(tokens.demo), [], 'the same version: confirmed already');
    });

    it('refuses a bad version with Chinese messages, keeps what was typed, and stores hostile HTML inert', async () => {
      const refused = await studio.editor.submit(`/studio/agreements/${serviceId}`, `/studio/agreements/${serviceId}`, {
        ...NEXT,
        templateVersion: '第 3 版',
        title: '',
      });
      assert.equal(refused.status, 400);
      assert.match(refused.body, /版本号用字母、数字、点和横线/);
      assert.match(refused.body, /请填写协议名称/);
      assert.match(refused.body, /value="第 3 版"/);
      assert.match(refused.body, /服务等级提高到 99\.95%/);
      await studio.editor.submit(`/studio/agreements/${serviceId}`, `/studio/agreements/${serviceId}`, {
        ...NEXT,
        templateVersion: '2026.3',
        title: '<script>alert(1)</script>协议',
        contentHtml: '<p onclick="alert(1)">条款</p><script>alert(2)</script><img src=x onerror=alert(3)>',
      });
      await studio.admin.submit(`/studio/agreements/${serviceId}`, `/studio/agreements/${serviceId}/publish`, {});
      const [asked] = await call(tokens.demo);
      assert.equal(asked?.templateVersion, '2026.3');
      assert.doesNotMatch(asked?.content ?? '', /script|onclick|onerror/);
      assert.doesNotMatch((await studio.admin.get(`/studio/agreements/${serviceId}/text`)).body, LIVE_HTML);
    });
  });
