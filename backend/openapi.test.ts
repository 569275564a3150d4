import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../contract/openapi';
import { request } from '../test-support/http';
import { startTestPortal, type TestPortal } from '../test-support/portal';
import { issuedVisitor } from './test-support/chat-visitor';
import { testDatabases } from './test-support/databases';
import { demoOrder } from './test-support/demo-order';
import { accessTokenFor } from './test-support/sign-in';

for (const target of testDatabases) {
  describe(`OpenAPI on ${target.name}`, { skip: target.skip }, () => {
    type Operation = { responses: Record<string, { content?: { 'application/json': { schema: object } } }> };
    const paths = openApiDocument.paths as unknown as Record<string, Record<string, Operation>>;

    let portal: TestPortal;
    let token: string;
    let newTermsToken: string;
    let noAdminToken: string;
    let orderNo: string;
    before(async () => {
      portal = await startTestPortal({ databaseUrl: await target.url?.() });
      token = await accessTokenFor(portal.port, portal.origin, 'demo');
      chatVisitor['X-Chat-Visitor'] = await issuedVisitor(portal.origin);
      newTermsToken = await accessTokenFor(portal.port, portal.origin, 'newterms');
      noAdminToken = await accessTokenFor(portal.port, portal.origin, 'noadmin');
      const placed = await request(portal.port, '/api-zzy-portal/api/orders', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(demoOrder('openapi-first-order')),
      });
      orderNo = JSON.parse(placed.body).result.orderNo;
    });
    after(() => portal.close());

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validatorFor = (template: string, method: string, status: number) => {
      const schema = paths[template]?.[method]?.responses[String(status)]?.content?.['application/json'].schema;
      assert.ok(schema, `${method.toUpperCase()} ${template} documents no JSON answer for ${status}`);
      return ajv.compile({ ...schema, components: openApiDocument.components });
    };

    /** One real call per documented JSON operation, with the answer it should give. */
    interface Call {
      template: string;
      method: 'get' | 'post';
      url: string | (() => string);
      status?: number;
      auth?: () => string;
      body?: unknown;
      headers?: Record<string, string>;
    }
    /** A visitor id the service issued (set before the calls). */
    const chatVisitor: Record<string, string> = {};
    const calls: Call[] = [
      { template: '/api/common/index', method: 'get', url: '/api/common/index' },
      { template: '/api/wjUrl', method: 'get', url: '/api/wjUrl' },
      { template: '/api/innovate/category', method: 'get', url: '/api/innovate/category' },
      { template: '/api/innovate/gswe/{id}', method: 'get', url: '/api/innovate/gswe/1' },
      { template: '/api/innovate/cxyy/{id}', method: 'get', url: '/api/innovate/cxyy/3' },
      { template: '/api/innovate/gswe/{id}', method: 'get', url: '/api/innovate/gswe/3', status: 404 },
      { template: '/api/friendly-link/list', method: 'post', url: '/api/friendly-link/list', body: {} },
      { template: '/api/product-categories', method: 'get', url: '/api/product-categories' },
      { template: '/api/products', method: 'get', url: '/api/products?page=1&pageSize=20' },
      { template: '/api/products', method: 'get', url: '/api/products?pageSize=0', status: 400 },
      { template: '/api/products/{key}', method: 'get', url: '/api/products/2' },
      { template: '/api/products/{key}', method: 'get', url: '/api/products/P2025003' },
      { template: '/api/products/{key}', method: 'get', url: '/api/products/4040404', status: 404 },
      { template: '/api/solutions', method: 'get', url: '/api/solutions' },
      { template: '/api/solutions/{key}', method: 'get', url: '/api/solutions/S2025002' },
      { template: '/api/cases', method: 'get', url: '/api/cases?pageSize=12' },
      { template: '/api/cases/{id}', method: 'get', url: '/api/cases/3' },
      { template: '/api/news-categories', method: 'get', url: '/api/news-categories' },
      { template: '/api/news', method: 'get', url: '/api/news?categoryId=2&pageSize=10' },
      { template: '/api/news/{id}', method: 'get', url: '/api/news/12' },
      { template: '/api/pages/{page}', method: 'get', url: '/api/pages/about' },
      { template: '/api/help', method: 'get', url: '/api/help' },
      { template: '/api/help/{id}', method: 'get', url: '/api/help/49' },
      { template: '/api/info', method: 'get', url: '/api/info' },
      { template: '/api/info/{id}', method: 'get', url: '/api/info/2' },
      { template: '/api/films', method: 'get', url: '/api/films?year=2025' },
      { template: '/api/films/{year}/{name}', method: 'get', url: '/api/films/2025/nope', status: 404 },
      { template: '/api/topics/{slug}', method: 'get', url: '/api/topics/battery' },
      { template: '/api/search', method: 'get', url: '/api/search?keyword=%E7%94%B5%E6%B1%A0' },
      { template: '/api/search', method: 'get', url: '/api/search?keyword=MES&type=news&page=2&pageSize=3' },
      { template: '/api/search', method: 'get', url: '/api/search?type=x', status: 400 },
      {
        template: '/api/feedback',
        method: 'post',
        url: '/api/feedback',
        body: { topic: 'product', content: '想了解能源管理系统的报价。', contactName: '张工', contact: '13900001111' },
      },
      { template: '/api/feedback', method: 'post', url: '/api/feedback', body: { topic: 'x' }, status: 400 },
      {
        template: '/api-kernel-portal/api/sys-users/common-login-info',
        method: 'get',
        url: '/api-kernel-portal/api/sys-users/common-login-info',
        auth: () => token,
      },
      {
        template: '/api-kernel-portal/api/sys-users/common-login-info',
        method: 'get',
        url: '/api-kernel-portal/api/sys-users/common-login-info',
        status: 401,
      },
      {
        template: '/api-kernel-portal/api/getCorrelationCompanyList',
        method: 'post',
        url: '/api-kernel-portal/api/getCorrelationCompanyList',
        auth: () => token,
        body: { productNo: 'P2025001' },
      },
      {
        template: '/api-kernel-portal/api/verify/business',
        method: 'get',
        url: '/api-kernel-portal/api/verify/business',
        auth: () => token,
      },
      {
        template: '/api-zzy-portal/api/contract/check',
        method: 'get',
        url: '/api-zzy-portal/api/contract/check',
        auth: () => newTermsToken,
      },
      {
        template: '/api-zzy-portal/api/contract/confirm',
        method: 'post',
        url: '/api-zzy-portal/api/contract/confirm',
        auth: () => newTermsToken,
        body: { sceneCode: 'PORTAL_SERVICE', contractVersion: '2026.1' },
      },
      {
        template: '/api-zzy-portal/api/orders',
        method: 'post',
        url: '/api-zzy-portal/api/orders',
        auth: () => token,
        body: demoOrder('openapi-second-order'),
      },
      {
        template: '/api-zzy-portal/api/orders',
        method: 'post',
        url: '/api-zzy-portal/api/orders',
        auth: () => token,
        body: { ...demoOrder('openapi-third-order'), quantity: 0 },
        status: 400,
      },
      { template: '/api-zzy-portal/api/orders', method: 'get', url: '/api-zzy-portal/api/orders', auth: () => token },
      {
        template: '/api-zzy-portal/api/orders',
        method: 'get',
        url: '/api-zzy-portal/api/orders',
        auth: () => noAdminToken,
        status: 403,
      },
      {
        template: '/api-zzy-portal/api/orders/{orderNo}',
        method: 'get',
        url: () => `/api-zzy-portal/api/orders/${orderNo}`,
        auth: () => token,
      },
      {
        template: '/api-zzy-portal/api/orders/{orderNo}',
        method: 'get',
        url: () => `/api-zzy-portal/api/orders/${orderNo}`,
        auth: () => newTermsToken,
        status: 404,
      },
      { template: '/api/guc/token/verify', method: 'get', url: '/api/guc/token/verify', auth: () => token },
      { template: '/api/guc/token/verify', method: 'get', url: '/api/guc/token/verify', status: 401 },
      {
        template: '/api/guc/customer/current/customer-info',
        method: 'get',
        url: '/api/guc/customer/current/customer-info',
        auth: () => token,
      },
      { template: '/api/guc/current/user-info', method: 'get', url: '/api/guc/current/user-info', auth: () => token },
      {
        template: '/api/guc/current/menu/tree',
        method: 'get',
        url: '/api/guc/current/menu/tree?appId=9090',
        auth: () => token,
      },
      {
        template: '/api/guc/current/buttons',
        method: 'get',
        url: '/api/guc/current/buttons?appId=9090',
        auth: () => token,
      },
      {
        template: '/api/guc/token/refresh',
        method: 'get',
        url: '/api/guc/token/refresh?refreshToken=zrt_unknown',
        status: 401,
      },
      {
        template: '/api/guc/protocol/oauth2/token/by-code',
        method: 'get',
        url: '/api/guc/protocol/oauth2/token/by-code?appId=9090',
        status: 400,
      },
      { template: '/api/guc/view/token/hub', method: 'get', url: '/api/guc/view/token/hub', status: 400 },
      {
        template: '/api/guc/view/token/hub/registered',
        method: 'get',
        url: '/api/guc/view/token/hub/registered?appId=9090',
        headers: { Origin: 'https://stranger.example' },
      },
      {
        template: '/api/guc/view/token/hub/registered',
        method: 'get',
        url: '/api/guc/view/token/hub/registered',
        status: 400,
      },
      {
        template: '/api/chat/access',
        method: 'get',
        url: '/api/chat/access',
        headers: { Origin: 'https://stranger.example' },
      },
      { template: '/api/chat/cards/{key}', method: 'get', url: '/api/chat/cards/P2025001' },
      { template: '/api/chat/cards/{key}', method: 'get', url: '/api/chat/cards/P0000000', status: 404 },
      {
        template: '/api/chat/messages',
        method: 'post',
        url: '/api/chat/messages',
        headers: chatVisitor,
        body: { kind: 'text', text: '你好', clientId: 'openapi-0001' },
      },
      {
        template: '/api/chat/messages',
        method: 'post',
        url: '/api/chat/messages',
        headers: chatVisitor,
        body: { kind: 'text', text: '字'.repeat(501) },
        status: 400,
      },
      {
        template: '/api/chat/messages',
        method: 'post',
        url: '/api/chat/messages',
        headers: chatVisitor,
        // The link the visitor names is dropped: the answer is the card the service built.
        body: { kind: 'card', card: { type: 2, associationNo: 'S2025002', url: 'https://www.miit.gov.cn.evil.com/' } },
      },
      {
        template: '/api/chat/messages',
        method: 'post',
        url: '/api/chat/messages',
        headers: chatVisitor,
        body: { kind: 'card', card: { type: 1, associationNo: 'P9999999' } },
        status: 400,
      },
      { template: '/api/chat/messages', method: 'get', url: '/api/chat/messages', headers: chatVisitor },
      { template: '/api/chat/messages', method: 'get', url: '/api/chat/messages', status: 400 },
      {
        template: '/api/chat/messages',
        method: 'get',
        url: '/api/chat/messages',
        headers: { 'X-Chat-Visitor': 'made-up-by-the-browser-0000001' },
        status: 401,
      },
      { template: '/api/chat/visitors', method: 'post', url: '/api/chat/visitors', body: {} },
      {
        template: '/api/chat/visitors',
        method: 'post',
        url: '/api/chat/visitors',
        body: { previous: 'x'.repeat(201) },
        status: 400,
      },
      { template: '/api/chat/metadata', method: 'post', url: '/api/chat/metadata', auth: () => token, body: {} },
      { template: '/api/chat/metadata', method: 'post', url: '/api/chat/metadata', headers: chatVisitor, status: 401 },
      {
        template: '/api/chat/events',
        method: 'get',
        url: '/api/chat/events',
        headers: { ...chatVisitor, Origin: 'http://not-a-partner.example' },
        status: 403,
      },
    ];

    describe('OpenAPI conformance', () => {
      it('documents the portal calls the spec names', () => {
        for (const path of [
          '/api/common/index',
          '/api/wjUrl',
          '/api/innovate/category',
          '/api/friendly-link/list',
          '/api-kernel-portal/api/sys-users/common-login-info',
          '/api-kernel-portal/api/getCorrelationCompanyList',
          '/api-kernel-portal/api/verify/business',
          '/api-zzy-portal/api/contract/check',
          '/api-zzy-portal/api/contract/confirm',
          '/api/guc/protocol/oauth2/token/by-code',
          '/api/guc/view/token/hub',
          '/api/guc/protocol/oauth2/logout',
        ]) {
          assert.ok(paths[path], `${path} is not documented`);
        }
      });

      it('exercises every documented JSON operation below', () => {
        const exercised = new Set(calls.map((call) => `${call.method} ${call.template}`));
        for (const [template, operations] of Object.entries(paths)) {
          for (const [method, operation] of Object.entries(operations)) {
            const json = Object.values(operation.responses).some((response) => response.content);
            if (json)
              assert.ok(
                exercised.has(`${method} ${template}`),
                `${method.toUpperCase()} ${template} has no conformance call`,
              );
          }
        }
      });

      it('is served at /api/openapi.json', async () => {
        const res = await request(portal.port, '/api/openapi.json');
        assert.equal(JSON.parse(res.body).openapi, '3.1.0');
      });

      for (const call of calls) {
        const expected = call.status ?? 200;
        it(`${call.method.toUpperCase()} ${typeof call.url === 'string' ? call.url : call.template} answers ${expected} as documented`, async () => {
          const headers: Record<string, string> = { ...call.headers };
          if (call.auth) headers.Authorization = `Bearer ${call.auth()}`;
          if (call.body !== undefined) headers['Content-Type'] = 'application/json';
          const res = await request(portal.port, typeof call.url === 'string' ? call.url : call.url(), {
            method: call.method.toUpperCase(),
            headers,
            body: call.body === undefined ? undefined : JSON.stringify(call.body),
          });
          assert.equal(res.status, expected, res.body.slice(0, 300));
          const validate = validatorFor(call.template, call.method, expected);
          const body = JSON.parse(res.body);
          assert.ok(validate(body), `${JSON.stringify(validate.errors?.slice(0, 3))}\n${res.body.slice(0, 300)}`);
        });
      }
    });
  });
}
