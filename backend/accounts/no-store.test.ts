import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request } from '../../test-support/http';
import { startTestPortal, type TestPortal } from '../../test-support/portal';
import { accessTokenFor } from '../test-support/sign-in';

/**
 * Answers that carry tokens or a person's data are never kept by a browser's or a
 * proxy's cache (`Cache-Control: no-store`): a shared computer's back button or
 * a caching proxy would hand them to the next person.
 */
let portal: TestPortal;
let token: string;
before(async () => {
  portal = await startTestPortal({ pageCache: false });
  token = await accessTokenFor(portal.port, portal.origin, 'demo');
});
after(() => portal.close());

describe('Cache-Control: no-store', () => {
  it('on the account service: tokens, user info and its forms', async () => {
    const bearer = { Authorization: `Bearer ${token}` };
    for (const [path, headers] of [
      ['/api/guc/token/verify', bearer],
      ['/api/guc/customer/current/customer-info', bearer],
      ['/api/guc/current/user-info', bearer],
      ['/api/guc/current/menu/tree?appId=9090', bearer],
      ['/api/guc/token/refresh?refreshToken=nonsense', {}],
      ['/api/guc/protocol/oauth2/token/by-code?code=nonsense&appId=9090&redirectUri=x', {}],
      [`/api/guc/protocol/oauth2/auth?appId=9090&redirectUri=${encodeURIComponent(`${portal.origin}/`)}`, {}],
    ] as const) {
      const res = await request(portal.port, path, { headers });
      assert.equal(res.headers['cache-control'], 'no-store', `${path} (${res.status})`);
    }
  });

  it('on every signed-in call of the portal API: its answers are one person’s', async () => {
    for (const path of [
      '/api-kernel-portal/api/sys-users/common-login-info',
      '/api-kernel-portal/api/verify/business',
      '/api-zzy-portal/api/contract/check',
      '/api-zzy-portal/api/orders',
    ]) {
      const res = await request(portal.port, path, { headers: { Authorization: `Bearer ${token}` } });
      assert.equal(res.status, 200, path);
      assert.equal(res.headers['cache-control'], 'no-store', path);
    }
  });
});
