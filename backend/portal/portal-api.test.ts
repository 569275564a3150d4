// biome-ignore-all lint/suspicious/noExplicitAny: API answers are checked field by field.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { request } from '../../test-support/http';
import { startTestPortal, type TestPortal } from '../../test-support/portal';
import { testDatabases } from '../test-support/databases';
import { accessTokenFor } from '../test-support/sign-in';

for (const target of testDatabases) {
  describe(`portal API on ${target.name}`, { skip: target.skip }, () => {
    let portal: TestPortal;
    const tokens: Record<string, string> = {};

    before(async () => {
      portal = await startTestPortal({ databaseUrl: await target.url?.() });
      for (const name of ['demo', 'uncertified', 'noadmin', 'newterms']) {
        tokens[name] = await accessTokenFor(portal.port, portal.origin, name);
      }
    });
    after(() => portal.close());

    async function call(
      path: string,
      options: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
    ) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await request(portal.port, path, {
        method: options.method ?? 'GET',
        headers,
        body:
          options.body === undefined
            ? undefined
            : typeof options.body === 'string'
              ? options.body
              : JSON.stringify(options.body),
      });
      let body: { code?: string; result?: unknown; data?: unknown; msg?: string } = {};
      try {
        body = JSON.parse(res.body);
      } catch {
        assert.fail(`${path} did not answer JSON: ${res.status} ${res.body.slice(0, 200)}`);
      }
      return { status: res.status, body, headers: res.headers };
    }

    describe('site calls', () => {
      it('GET /api/common/index answers every field of pageCommonDTO', async () => {
        const { body } = await call('/api/common/index');
        assert.equal(body.code, '0000');
        const dto = (body.data as { pageCommonDTO: Record<string, any> }).pageCommonDTO;
        assert.ok(dto.commonHotProductSingleDTO.commonHotProductDTOList.length >= 4);
        assert.deepEqual(Object.keys(dto.commonHotProductSingleDTO.commonHotProductDTOList[0]).sort(), [
          'id',
          'productId',
          'productName',
        ]);
        assert.ok(dto.commonSolutionSingleDTO.solutionDTOList.every((s: any) => s.id && s.title));
        assert.ok(dto.innovationPracticeNav.every((n: any) => n.id && n.title && [1, 2].includes(n.menuTemplateId)));
        assert.equal(dto.newsCategoryDTOList.length, 4);
        assert.ok(dto.logoDTO.photo);
        for (const key of ['photo1', 'title1', 'photo2', 'title2', 'serviceHotline', 'serviceTime', 'address']) {
          assert.ok(dto.footerCommonDTO[key], `footerCommonDTO.${key}`);
        }
        assert.equal(typeof dto.navStatus, 'boolean');
      });

      it('GET /api/wjUrl and /api/innovate/category', async () => {
        assert.match(
          String((await call('/api/wjUrl')).body.result && ((await call('/api/wjUrl')).body.result as any).url),
          /^\//,
        );
        const categories = (await call('/api/innovate/category')).body.data as Array<{
          id: number;
          menuTemplateId: number;
        }>;
        assert.ok(categories.some((c) => c.menuTemplateId === 1) && categories.some((c) => c.menuTemplateId === 2));
      });

      it('GET /api/innovate/{gswe|cxyy}/{id} answers the matching template only', async () => {
        const categories = (await call('/api/innovate/category')).body.data as Array<{
          id: number;
          menuTemplateId: number;
        }>;
        for (const category of categories) {
          const template = category.menuTemplateId === 1 ? 'gswe' : 'cxyy';
          const other = template === 'gswe' ? 'cxyy' : 'gswe';
          assert.equal((await call(`/api/innovate/${template}/${category.id}`)).body.code, '0000');
          assert.equal((await call(`/api/innovate/${other}/${category.id}`)).status, 404);
        }
        assert.equal((await call('/api/innovate/gswe/abc')).status, 404);
      });

      it('POST /api/friendly-link/list answers code 0000 and the links', async () => {
        const { body } = await call('/api/friendly-link/list', { method: 'POST', body: {} });
        assert.equal(body.code, '0000');
        assert.ok((body.result as Array<{ url: string }>).every((link) => /^https:\/\//.test(link.url)));
      });
    });

    describe('content reads', () => {
      it('pages and filters products by category', async () => {
        const all = (await call('/api/products?pageSize=5')).body.result as any;
        assert.equal(all.list.length, 5);
        assert.ok(all.total >= 12);
        const categories = (await call('/api/product-categories')).body.result as Array<{ id: number }>;
        const one = (await call(`/api/products?categoryId=${categories[0]!.id}&pageSize=50`)).body.result as any;
        assert.ok(one.list.length > 0 && one.list.every((p: any) => p.categoryId === categories[0]!.id));
        const page2 = (await call('/api/products?pageSize=5&page=2')).body.result as any;
        assert.notEqual(page2.list[0].id, all.list[0].id);
      });

      it('finds a product by id and by association number, with editions and prices', async () => {
        const byId = (await call('/api/products/1')).body.result as any;
        assert.ok(byId.editions.length >= 2);
        assert.ok(byId.editions.every((e: any) => Number.isInteger(e.priceFen) && e.priceFen > 0));
        const byNo = (await call(`/api/products/${byId.associationNo}`)).body.result as any;
        assert.equal(byNo.id, 1);
      });

      for (const path of [
        '/api/solutions/1',
        '/api/cases/1',
        '/api/news/1',
        '/api/help/49',
        '/api/info/1',
        '/api/pages/partners',
        '/api/pages/about',
        '/api/topics/battery',
        '/api/films',
        '/api/news?categoryId=1',
        '/api/cases?pageSize=3',
        '/api/solutions',
        '/api/news-categories',
        '/api/help',
        '/api/info',
      ]) {
        it(`GET ${path}`, async () => {
          const res = await call(path);
          assert.equal(res.status, 200);
          assert.equal(res.body.code, '0000');
          assert.ok(res.body.result);
        });
      }

      it('has the privacy policy at help id 49, and the four partner and eight about anchors', async () => {
        assert.match(((await call('/api/help/49')).body.result as any).title, /隐私政策/);
        const partners = (await call('/api/pages/partners')).body.result as Array<{ anchor: string }>;
        assert.deepEqual(
          partners.map((s) => s.anchor),
          ['youshi', 'tixi', 'quanyi', 'liucheng'],
        );
        assert.equal(((await call('/api/pages/about')).body.result as unknown[]).length, 8);
      });

      for (const path of [
        '/api/products/999999',
        '/api/products/abc',
        '/api/products/P0',
        '/api/cases/0',
        '/api/news/-1',
        '/api/pages/secret',
        '/api/topics/none',
        '/api/films/2025/nope',
        '/api/nothing-here',
      ]) {
        it(`answers unknown ${path} with a 404 envelope`, async () => {
          const res = await call(path);
          assert.equal(res.status, 404);
          assert.equal(res.body.code, 'E0404');
        });
      }

      for (const query of ['page=0', 'page=abc', 'pageSize=500', 'categoryId=-3', 'categoryId=1.5']) {
        it(`refuses ?${query} with a Chinese 400`, async () => {
          const res = await call(`/api/products?${query}`);
          assert.equal(res.status, 400);
          assert.equal(res.body.code, 'E0400');
          assert.match(String(res.body.msg), /[\u4e00-\u9fa5]/);
        });
      }
    });

    describe('signed-in customer calls', () => {
      it('common-login-info describes the caller', async () => {
        const info = (await call('/api-kernel-portal/api/sys-users/common-login-info', { token: tokens.uncertified }))
          .body.result as any;
        assert.deepEqual(info, { userName: 'uncertified', mobile: '13800001002', companyId: 1002, potalStatus: false });
      });

      it('verify/business tells whether the company has an administrator', async () => {
        assert.equal((await call('/api-kernel-portal/api/verify/business', { token: tokens.demo })).body.result, true);
        assert.equal(
          (await call('/api-kernel-portal/api/verify/business', { token: tokens.noadmin })).body.result,
          false,
        );
      });

      it('getCorrelationCompanyList lists the caller’s company only', async () => {
        const res = await call('/api-kernel-portal/api/getCorrelationCompanyList', {
          method: 'POST',
          token: tokens.demo,
          body: { productNo: 'P2025001' },
        });
        assert.deepEqual(
          (res.body.result as any[]).map((c) => c.companyId),
          [1001],
        );
        const bad = await call('/api-kernel-portal/api/getCorrelationCompanyList', {
          method: 'POST',
          token: tokens.demo,
          body: { productNo: '<script>' },
        });
        assert.equal(bad.status, 400);
      });

      it('contract/check lists two pending agreements for newterms only; confirm removes one', async () => {
        assert.deepEqual((await call('/api-zzy-portal/api/contract/check', { token: tokens.demo })).body.result, []);
        const pending = (await call('/api-zzy-portal/api/contract/check', { token: tokens.newterms })).body
          .result as any[];
        assert.equal(pending.length, 2);
        assert.ok(pending.every((a) => a.code && a.templateVersion && a.content));
        const confirmed = await call('/api-zzy-portal/api/contract/confirm', {
          method: 'POST',
          token: tokens.newterms,
          body: { sceneCode: pending[0].code, contractVersion: pending[0].templateVersion },
        });
        assert.equal(confirmed.body.result, true);
        assert.equal(
          ((await call('/api-zzy-portal/api/contract/check', { token: tokens.newterms })).body.result as unknown[])
            .length,
          1,
        );
        const unknown = await call('/api-zzy-portal/api/contract/confirm', {
          method: 'POST',
          token: tokens.newterms,
          body: { sceneCode: 'NOPE', contractVersion: '1' },
        });
        assert.equal(unknown.status, 404);
      });

      const protectedCalls: Array<[string, string, unknown?]> = [
        ['GET', '/api-kernel-portal/api/sys-users/common-login-info'],
        ['GET', '/api-kernel-portal/api/verify/business'],
        ['POST', '/api-kernel-portal/api/getCorrelationCompanyList', { productNo: 'P2025001' }],
        ['GET', '/api-zzy-portal/api/contract/check'],
        ['POST', '/api-zzy-portal/api/contract/confirm', { sceneCode: 'PORTAL_SERVICE', contractVersion: '2026.1' }],
      ];
      for (const [method, path, body] of protectedCalls) {
        it(`${method} ${path}: 401 without or with a bad token, 403 for another company`, async () => {
          assert.equal((await call(path, { method, body })).status, 401);
          assert.equal((await call(path, { method, body, token: 'zat_forged' })).status, 401);
          const other = await call(path, { method, body, token: tokens.demo, headers: { companyId: '1002' } });
          assert.equal(other.status, 403);
          assert.equal(other.body.code, 'E0403');
          const own = await call(path, { method, body: body, token: tokens.demo, headers: { companyId: '1001' } });
          assert.equal(own.status, 200);
        });
      }
    });

    describe('cross-origin use', () => {
      it('lets any page read public content', async () => {
        const preflight = await request(portal.port, '/api/common/index', {
          method: 'OPTIONS',
          headers: {
            Origin: 'https://partner.example',
            'Access-Control-Request-Method': 'GET',
            'Access-Control-Request-Headers': 'companyid,content-type',
          },
        });
        assert.equal(preflight.status, 204);
        assert.equal(preflight.headers['access-control-allow-origin'], 'https://partner.example');
        assert.match(String(preflight.headers['access-control-allow-headers']), /companyId/i);
      });

      it('opens signed-in calls only to registered origins', async () => {
        const ask = (origin: string) =>
          request(portal.port, '/api-zzy-portal/api/contract/check', {
            method: 'OPTIONS',
            headers: {
              Origin: origin,
              'Access-Control-Request-Method': 'GET',
              'Access-Control-Request-Headers': 'authorization',
            },
          });
        assert.equal((await ask('https://partner.example')).headers['access-control-allow-origin'], undefined);
        const consoleOrigin = `http://127.0.0.1:${portal.port + 1}`;
        assert.equal((await ask(consoleOrigin)).headers['access-control-allow-origin'], consoleOrigin);
      });
    });

    describe('hostile bodies', () => {
      it('refuses a body over the size limit with 413', async () => {
        const res = await call('/api-zzy-portal/api/contract/confirm', {
          method: 'POST',
          token: tokens.demo,
          body: JSON.stringify({ sceneCode: 'A'.repeat(20_000), contractVersion: '1' }),
        });
        assert.equal(res.status, 413);
        assert.equal(res.body.code, 'E0413');
      });

      it('refuses malformed JSON with 400', async () => {
        const res = await call('/api-zzy-portal/api/contract/confirm', {
          method: 'POST',
          token: tokens.demo,
          body: '{"sceneCode": ',
        });
        assert.equal(res.status, 400);
      });

      it('never answers 500 for any query or body shape (property-based)', async () => {
        const reads = ['/api/products', '/api/news', '/api/cases', '/api/solutions', '/api/films'];
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom(...reads),
            fc.dictionary(
              fc.constantFrom('page', 'pageSize', 'categoryId', 'industry', 'year', 'x'),
              fc.string({ maxLength: 40 }),
            ),
            async (path, params) => {
              const res = await call(`${path}?${new URLSearchParams(params)}`);
              assert.ok(res.status === 200 || res.status === 400, `${path} ${JSON.stringify(params)} -> ${res.status}`);
            },
          ),
          { numRuns: 150 },
        );
        await fc.assert(
          fc.asyncProperty(fc.jsonValue(), async (body) => {
            const res = await call('/api-zzy-portal/api/contract/confirm', {
              method: 'POST',
              token: tokens.demo,
              body: JSON.stringify(body),
            });
            assert.ok([200, 400, 404].includes(res.status), `${JSON.stringify(body)} -> ${res.status}`);
          }),
          { numRuns: 100 },
        );
      });
    });
  });
}
