import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request } from '../../test-support/http';
import { startTestPortal, type TestPortal } from '../../test-support/portal';
import { PORTAL_APP_ID } from '../accounts/apps';

let portal: TestPortal;
before(async () => {
  portal = await startTestPortal();
});
after(() => portal.close());

const companies = (token: string) =>
  request(portal.port, '/api-kernel-portal/api/verify/business', { headers: { Authorization: `Bearer ${token}` } });

describe('access tokens are bound to their application', () => {
  it('the portal’s API and chat refuse a token issued to another application', async () => {
    const demo = await portal.backend.accounts.userByName('demo');
    assert.ok(demo);
    const own = await portal.backend.accounts.createSession(demo.id, PORTAL_APP_ID);
    const foreign = await portal.backend.accounts.createSession(demo.id, '7070');
    assert.equal((await companies(own.accessToken)).status, 200);
    assert.equal((await companies(foreign.accessToken)).status, 401);
    const chat = await request(portal.port, '/api/chat/messages', {
      headers: { Authorization: `Bearer ${foreign.accessToken}` },
    });
    assert.equal(chat.status, 401);
  });
});
