import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { request } from '../../test-support/http';
import { startTestPortal, type TestPortal } from '../../test-support/portal';
import { all } from '../db/query';
import { testDatabases } from '../test-support/databases';
import { StaffBrowser } from '../test-support/staff-browser';

const ADMIN = { login: 'admin', password: 'Admin-pages-2026' };

const HOSTILE_HTML =
  '<p onclick="alert(1)">段落</p><script>alert(2)</script><img src=x onerror=alert(3)><a href="javascript:alert(4)">链接</a>';
/** What would run: a script, a handler in a tag, a `javascript:` link (as text, escaped, it is inert). */
const INERT = /<script>alert|<[^>]*\son(click|error)=|href="javascript:/;

for (const target of testDatabases)
  describe(`the pages’ desks on ${target.name}: common data, help, information, sections, films, links, categories, topics, innovation`, {
    skip: target.skip,
  }, () => {
    let portal: TestPortal;
    let admin: StaffBrowser;
    let editor: StaffBrowser;
    /** The paths each publish announced, newest last. */
    const announced: Array<readonly string[]> = [];
    const visitor = (path: string) => request(portal.port, path);
    const idIn = (location: string | undefined, base: string) =>
      new RegExp(`^${base}/(\\d+)\\?done=saved$`).exec(location ?? '')?.[1] ?? '';
    const publish = (base: string, id: string) => admin.submit(`${base}/${id}`, `${base}/${id}/publish`, {});

    before(async () => {
      portal = await startTestPortal({ studioAdmin: ADMIN, databaseUrl: await target.url?.() });
      portal.backend.sources.changes?.onChange((paths) => announced.push(paths));
      admin = new StaffBrowser(portal);
      await admin.signIn(ADMIN.login, ADMIN.password);
      editor = await admin.addMember({ login: 'writer', name: '李编辑', roles: 'editor' });
    });
    after(() => portal.close());

    it('lists every kind on the content page', async () => {
      const hub = (await editor.get('/studio/content')).body;
      for (const base of [
        '/studio/common',
        '/studio/news-categories',
        '/studio/help',
        '/studio/info',
        '/studio/sections',
        '/studio/innovation',
        '/studio/films',
        '/studio/links',
        '/studio/topics',
      ])
        assert.match(hub, new RegExp(`href="${base}"`));
    });

    describe('the common data', () => {
      const FIELDS = {
        serviceHotline: '400-111-2222',
        serviceTime: '周一至周五 9:00—18:00',
        address: '江苏省苏州市新地址 1 号',
        title1: '扫码访问',
        title2: '扫码联系',
        photo1: '',
        photo2: '',
        logo: '/media/logo-2026.svg',
        hotProductIds: ['1', '2'],
        commonSolutionIds: ['3'],
      };

      it('opens its one item directly, with neither 新建 nor 撤下', async () => {
        const desk = await editor.get('/studio/common');
        assert.equal(desk.status, 303);
        assert.equal(desk.location, '/studio/common/1');
        assert.equal((await editor.get('/studio/common/new')).status, 404);
        const item = (await admin.get('/studio/common/1')).body;
        assert.match(item, /400-820-6688/, 'the hotline as published');
        assert.doesNotMatch(item, /\/unpublish"/);
        const refused = await admin.submit('/studio/common/1', '/studio/common/1/publish', {});
        assert.equal(refused.status, 303);
        const csrf = /name="csrf" value="([^"]+)"/.exec((await admin.get('/studio/common/1')).body)?.[1] ?? '';
        assert.equal((await admin.post('/studio/common/1/unpublish', { csrf })).status, 409);
      });

      it('keeps a draft from visitors; published, every page’s footer shows it at once, kept pages dropped', async () => {
        assert.match((await visitor('/news')).body, /400-820-6688/, 'kept before the change');
        const saved = await editor.submit('/studio/common/1', '/studio/common/1', FIELDS);
        assert.equal(saved.status, 303, saved.body);
        assert.match((await visitor('/news')).body, /400-820-6688/);
        await publish('/studio/common', '1');
        assert.deepEqual(announced.at(-1), ['*']);
        for (const path of ['/', '/news', '/help', '/product'])
          assert.match((await visitor(path)).body, /400-111-2222/, path);
        assert.match((await visitor('/')).body, /\/media\/logo-2026\.svg/, 'the logo set');
        const hot = await all(
          portal.backend.db,
          sql<{ id: number }>`SELECT id FROM products WHERE hot = 1 ORDER BY id`,
        );
        assert.deepEqual(
          hot.map((row) => Number(row.id)),
          [1, 2],
        );
      });

      it('refuses hostile addresses and text with Chinese messages, keeping what was typed', async () => {
        const refused = await editor.submit('/studio/common/1', '/studio/common/1', {
          ...FIELDS,
          logo: 'javascript:alert(1)',
          photo1: '//evil.example/x.png',
          serviceHotline: '<script>alert(1)</script>',
          address: '新地址保留',
        });
        assert.equal(refused.status, 400);
        assert.match(refused.body, /标志图片须是本站路径（以 \/ 开头）或以 http:\/\/ 或 https:\/\/ 开头/);
        assert.match(refused.body, /页脚图片一须是本站路径/);
        assert.match(refused.body, /服务热线只能含数字/);
        assert.match(refused.body, /新地址保留/);
        assert.match(refused.body, /value="1" checked=""|value="1" checked/, 'the products chosen stay chosen');
        assert.doesNotMatch(refused.body, /<script>alert/);
      });
    });

    describe('help articles', () => {
      it('the privacy policy (49): edited and published shows at /help?id=49; it cannot be taken down', async () => {
        const item = (await admin.get('/studio/help/49')).body;
        assert.doesNotMatch(item, /\/studio\/help\/49\/unpublish/);
        assert.match((await admin.get('/studio/help')).body, /href="\/studio\/help\/new"/, 'the list may add');
        const saved = await editor.submit('/studio/help/49', '/studio/help/49', {
          category: '法律声明',
          title: '隐私政策（2026 修订）',
          contentHtml: `<p>我们修订了隐私政策。</p>${HOSTILE_HTML}`,
        });
        assert.equal(saved.status, 303, saved.body);
        assert.doesNotMatch((await visitor('/help?id=49')).body, /2026 修订/, 'a draft is not shown');
        assert.match((await editor.get('/help?id=49&preview=true')).body, /2026 修订/, 'staff preview it');
        assert.doesNotMatch((await visitor('/help?id=49&preview=true')).body, /2026 修订/, 'visitors do not');
        await publish('/studio/help', '49');
        assert.deepEqual(announced.at(-1), ['/help', '/mapsite', '/sitemap.xml']);
        const shown = (await visitor('/help?id=49')).body;
        assert.match(shown, /隐私政策（2026 修订）/);
        assert.match(shown, /我们修订了隐私政策/);
        assert.doesNotMatch(shown, INERT);
        const csrf = /name="csrf" value="([^"]+)"/.exec((await admin.get('/studio/help/49')).body)?.[1] ?? '';
        assert.equal((await admin.post('/studio/help/49/unpublish', { csrf })).status, 409);
        assert.equal((await visitor('/help?id=49')).status, 200);
      });

      it('a new article: 404 until published, then listed; taken down, 404 again; restored, back', async () => {
        const saved = await editor.submit('/studio/help/new', '/studio/help', {
          category: '账号与认证',
          title: '如何注销账号',
          contentHtml: '<p>注销步骤。</p>',
        });
        const id = idIn(saved.location, '/studio/help');
        assert.ok(id, saved.body);
        assert.equal((await visitor(`/help?id=${id}`)).status, 404);
        assert.doesNotMatch((await visitor('/help')).body, /如何注销账号/);
        assert.match((await editor.get(`/help?id=${id}&preview=true`)).body, /注销步骤/);
        await publish('/studio/help', id);
        assert.match((await visitor(`/help?id=${id}`)).body, /注销步骤/);
        assert.match((await visitor('/mapsite')).body, /如何注销账号/);
        await admin.submit(`/studio/help/${id}`, `/studio/help/${id}/unpublish`, {});
        assert.equal((await visitor(`/help?id=${id}`)).status, 404);
        assert.doesNotMatch((await visitor('/mapsite')).body, /如何注销账号/);
        const page = (await admin.get(`/studio/help/${id}`)).body;
        const first = [...page.matchAll(/name="revision" value="(\d+)"/g)].map((match) => match[1]).at(-1) ?? '';
        await admin.submit(`/studio/help/${id}`, `/studio/help/${id}/restore`, { revision: first });
        assert.equal((await visitor(`/help?id=${id}`)).status, 200);
      });

      it('refuses an empty title and a body with nothing to show, keeping the rest', async () => {
        const refused = await editor.submit('/studio/help/new', '/studio/help', {
          category: '保留的栏目',
          title: '',
          contentHtml: '<script>alert(1)</script>',
        });
        assert.equal(refused.status, 400);
        assert.match(refused.body, /请填写标题/);
        assert.match(refused.body, /保留的栏目/);
      });
    });

    it('information pages: draft, preview, publish, take down', async () => {
      const saved = await editor.submit('/studio/info/new', '/studio/info', {
        title: '<b>年度</b>信息公开报告',
        summary: '年度报告摘要',
        publishedAt: '2026-11-01',
        contentHtml: `<p>报告正文。</p>${HOSTILE_HTML}`,
      });
      const id = idIn(saved.location, '/studio/info');
      assert.equal((await visitor(`/info/${id}`)).status, 404);
      assert.match((await editor.get(`/info/${id}?preview=true`)).body, /报告正文/);
      await publish('/studio/info', id);
      assert.deepEqual(announced.at(-1), ['/info', `/info/${id}`, '/mapsite', '/sitemap.xml']);
      const shown = (await visitor(`/info/${id}`)).body;
      assert.match(shown, /&lt;b>年度&lt;\/b>信息公开报告|&lt;b&gt;年度/);
      assert.doesNotMatch(shown, INERT);
      assert.match((await visitor('/info')).body, /年度报告摘要/);
      await admin.submit(`/studio/info/${id}`, `/studio/info/${id}/unpublish`, {});
      assert.equal((await visitor(`/info/${id}`)).status, 404);
    });

    it('page sections: a new partners section shows on /partners and the home page; anchors do not repeat', async () => {
      const clash = await editor.submit('/studio/sections/new', '/studio/sections', {
        page: 'about',
        anchor: 'contact',
        title: '重复锚点',
        html: '<p>内容</p>',
      });
      assert.equal(clash.status, 400);
      assert.match(clash.body, /锚点“contact”已被同一页的/);
      const badAnchor = await editor.submit('/studio/sections/new', '/studio/sections', {
        page: 'partners',
        anchor: '"><script>',
        title: '坏锚点',
        html: '<p>内容</p>',
      });
      assert.match(badAnchor.body, /锚点只能用小写字母/);
      const saved = await editor.submit('/studio/sections/new', '/studio/sections', {
        page: 'partners',
        anchor: 'new-partners',
        title: '新的合作伙伴',
        html: `<p>合作伙伴介绍。</p>${HOSTILE_HTML}`,
      });
      const id = idIn(saved.location, '/studio/sections');
      assert.ok(id, saved.body);
      assert.doesNotMatch((await visitor('/partners')).body, /新的合作伙伴/);
      assert.match((await editor.get('/partners?preview=true')).body, /新的合作伙伴/);
      await publish('/studio/sections', id);
      assert.deepEqual(announced.at(-1), ['/', '/home', '/partners', '/mapsite', '/sitemap.xml']);
      const shown = (await visitor('/partners')).body;
      assert.match(shown, /合作伙伴介绍/);
      assert.doesNotMatch(shown, INERT);
      await admin.submit(`/studio/sections/${id}`, `/studio/sections/${id}/unpublish`, {});
      assert.doesNotMatch((await visitor('/partners')).body, /新的合作伙伴/);
    });

    it('films: a new one at its address once published; a repeated address refused', async () => {
      const film = {
        year: '2026',
        name: 'open-day-2026',
        title: '开放日纪实',
        description: '工厂开放日。',
        duration: '200',
      };
      const saved = await editor.submit('/studio/films/new', '/studio/films', film);
      const id = idIn(saved.location, '/studio/films');
      assert.equal((await visitor('/propaganda-film/2026/open-day-2026')).status, 404);
      await publish('/studio/films', id);
      assert.deepEqual(announced.at(-1), [
        '/propaganda-film',
        '/propaganda-film/2026',
        '/propaganda-film/2026/open-day-2026',
        '/mapsite',
        '/sitemap.xml',
      ]);
      assert.match((await visitor('/propaganda-film/2026/open-day-2026')).body, /开放日纪实/);
      const again = await editor.submit('/studio/films/new', '/studio/films', { ...film, duration: 'abc' });
      assert.equal(again.status, 400);
      assert.match(again.body, /时长（秒）须是整数/);
      const clash = await editor.submit('/studio/films/new', '/studio/films', film);
      assert.match(clash.body, /2026 年已有地址名为“open-day-2026”的宣传片/);
      await admin.submit(`/studio/films/${id}`, `/studio/films/${id}/unpublish`, {});
      assert.equal((await visitor('/propaganda-film/2026/open-day-2026')).status, 404);
    });

    it('friendly links: http(s) only; published, on every page’s footer', async () => {
      for (const url of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'www.example.com']) {
        const refused = await editor.submit('/studio/links/new', '/studio/links', { name: '坏链接', url });
        assert.equal(refused.status, 400, url);
        assert.match(refused.body, /网址须以 http:\/\/ 或 https:\/\/ 开头/);
      }
      const saved = await editor.submit('/studio/links/new', '/studio/links', {
        name: '<img src=x onerror=alert(1)>新伙伴',
        url: 'https://partner.example.cn/',
      });
      const id = idIn(saved.location, '/studio/links');
      assert.doesNotMatch((await visitor('/news')).body, /partner\.example\.cn/);
      await publish('/studio/links', id);
      assert.deepEqual(announced.at(-1), ['*']);
      const shown = (await visitor('/news')).body;
      assert.match(shown, /partner\.example\.cn/);
      assert.doesNotMatch(shown, /<img src=x onerror/);
    });

    it('news categories: a new one joins the navigation once published; none is taken down', async () => {
      const saved = await editor.submit('/studio/news-categories/new', '/studio/news-categories', {
        title: '展会动态',
      });
      const id = idIn(saved.location, '/studio/news-categories');
      assert.doesNotMatch((await visitor('/news')).body, /展会动态/);
      await publish('/studio/news-categories', id);
      assert.deepEqual(announced.at(-1), ['*']);
      assert.match((await visitor('/news')).body, /展会动态/);
      assert.doesNotMatch((await admin.get(`/studio/news-categories/${id}`)).body, /unpublish"/);
    });

    it('the battery topic: its sections edited and published show on /topic/battery', async () => {
      const page = (await admin.get('/studio/topics/1')).body;
      assert.match(page, /锂电池智能制造专题/);
      const fields = Object.fromEntries(
        ['title', 'phone', 'bannerTitle', 'bannerSubtitle', 'introduceTitle'].map((name) => [
          name,
          new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(page)?.[1] ?? '',
        ]),
      );
      const data = {
        ...fields,
        introduceHtml: `<p>新的方案介绍。</p>${HOSTILE_HTML}`,
        hotProductIds: ['4'],
        caseIds: ['3'],
        painPoints: '新的痛点 | 痛点说明',
        features: '特点 | 特点说明',
        pedagogy: '',
        faq: '能否试用？ | 可以申请 30 天试用。',
      };
      const refused = await editor.submit('/studio/topics/1', '/studio/topics/1', { ...data, faq: '只有问题没有回答' });
      assert.equal(refused.status, 400);
      assert.match(refused.body, /常见问题每行 2 段，用 \| 分开/);
      assert.match(refused.body, /只有问题没有回答/);
      assert.equal((await editor.submit('/studio/topics/1', '/studio/topics/1', data)).status, 303);
      assert.doesNotMatch((await visitor('/topic/battery')).body, /可以申请 30 天试用/);
      assert.match((await editor.get('/topic/battery?preview=true')).body, /可以申请 30 天试用/);
      await publish('/studio/topics', '1');
      assert.deepEqual(announced.at(-1), ['/topic/battery']);
      const shown = (await visitor('/topic/battery')).body;
      assert.match(shown, /可以申请 30 天试用/);
      assert.match(shown, /新的方案介绍/);
      assert.doesNotMatch(shown, INERT);
    });

    it('innovation training: a new category and programme, hidden until published', async () => {
      const saved = await editor.submit('/studio/innovation/new', '/studio/innovation', {
        title: '机器人实训',
        menuTemplateId: '1',
        programmeTitle: '工业机器人工程师培养计划',
        intro: '十周培养机器人工程师。',
        stages: '入门 | 第 1 周：安全与基础',
        courses: '机器人编程 | 24 | 示教与离线编程',
        facilities: '机器人工作站 | 六轴机器人',
        projects: '',
      });
      const id = idIn(saved.location, '/studio/innovation');
      assert.ok(id, saved.body);
      assert.equal((await visitor(`/innovation-practice/${id}/1`)).status, 404);
      assert.match((await editor.get(`/innovation-practice/${id}/1?preview=true`)).body, /机器人编程/);
      await publish('/studio/innovation', id);
      const shown = (await visitor(`/innovation-practice/${id}/1`)).body;
      assert.match(shown, /十周培养机器人工程师/);
      assert.match(shown, /机器人编程/);
      assert.match((await visitor('/news')).body, /机器人实训/, 'in every page’s navigation');
      const refused = await editor.submit(`/studio/innovation/${id}`, `/studio/innovation/${id}`, {
        title: '机器人实训',
        menuTemplateId: '1',
        programmeTitle: '工业机器人工程师培养计划',
        intro: '十周。',
        courses: '机器人编程 | 很多 | 示教',
      });
      assert.match(refused.body, /课程的学时须是数字/);
      await admin.submit(`/studio/innovation/${id}`, `/studio/innovation/${id}/unpublish`, {});
      assert.equal((await visitor(`/innovation-practice/${id}/1`)).status, 404);
      assert.doesNotMatch((await visitor('/news')).body, /机器人实训/, 'gone from the navigation');
    });

    it('logs each step in the audit log', async () => {
      const log = (await admin.get('/studio/audit')).body;
      for (const target of ['common/1', 'help/49', 'topic/1']) assert.match(log, new RegExp(target));
    });
  });
