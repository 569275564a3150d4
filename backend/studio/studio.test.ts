import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { startTestPortal, type TestPortal } from '../../test-support/portal';
import { StaffBrowser } from '../test-support/staff-browser';

const ADMIN = { login: 'admin', password: 'Admin-studio-2026' };
const AGENT_PASSWORD = 'Agent-studio-2026';

/** Adds a member through the administrator's page; their id. */
async function addMember(admin: StaffBrowser, login: string, roles: string[], password = `${login}-Pass-2026`) {
  const added = await admin.submit('/studio/staff', '/studio/staff', {
    login,
    name: `员工${login}`,
    roles,
    password,
    confirm: password,
  });
  assert.equal(added.status, 303, added.body);
  const list = await admin.get('/studio/staff');
  const id = new RegExp(`href="/studio/staff/(\\d+)">员工${login}<`).exec(list.body)?.[1];
  assert.ok(id, `${login} is listed`);
  return { id, password };
}

describe('the studio: staff, roles and sign-in', () => {
  let portal: TestPortal;
  let admin: StaffBrowser;
  before(async () => {
    portal = await startTestPortal({ studioAdmin: ADMIN, chat: { agentPassword: AGENT_PASSWORD } });
    admin = new StaffBrowser(portal);
    assert.equal((await admin.signIn(ADMIN.login, ADMIN.password)).location, '/studio');
  });
  after(() => portal.close());

  it('sends a visitor without a sign-in to the sign-in form, and back after it', async () => {
    const visitor = new StaffBrowser(portal);
    const asked = await visitor.get('/studio/staff');
    assert.equal(asked.status, 303);
    assert.equal(asked.location, '/studio/login?back=%2Fstudio%2Fstaff');
    const signedIn = await visitor.submit(asked.location ?? '', '/studio/login', { ...ADMIN, back: '/studio/staff' });
    assert.equal(signedIn.location, '/studio/staff');
    const page = await visitor.get('/studio/staff');
    assert.equal(page.status, 200);
    assert.match(page.body, /<h1>员工<\/h1>/);
    assert.match(page.body, /no-store|员工/);
  });

  it('goes back only to the studio or the inbox after signing in', async () => {
    for (const back of ['https://evil.example/', '//evil.example/studio', '/studio/../api/x', '/\\evil.example']) {
      const visitor = new StaffBrowser(portal);
      const answer = await visitor.submit('/studio/login', '/studio/login', { ...ADMIN, back });
      assert.equal(answer.location, '/studio', back);
    }
  });

  it('refuses a wrong password without saying which part was wrong, and a form from another site', async () => {
    const visitor = new StaffBrowser(portal, '127.0.0.3');
    const wrong = await visitor.submit('/studio/login', '/studio/login', { login: 'admin', password: 'not-it-at-all' });
    assert.equal(wrong.status, 401);
    assert.match(wrong.body, /账号或密码不正确/);
    const unknown = await visitor.submit('/studio/login', '/studio/login', {
      login: 'nobody',
      password: 'not-it-at-all',
    });
    assert.equal(unknown.status, 401);
    assert.match(unknown.body, /账号或密码不正确/);
    const forged = await visitor.post('/studio/login', ADMIN, 'https://evil.example');
    assert.equal(forged.status, 403);
    assert.match(forged.body, /表单已失效或来自其他网站/);
    assert.equal(visitor.cookies.has('portal_staff'), false);
  });

  it('slows an address guessing one login: after three wrong passwords it waits, told how long', async () => {
    const guesser = new StaffBrowser(portal, '127.0.0.4');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await guesser.submit('/studio/login', '/studio/login', { login: 'admin', password: `guess-${i}-xxxx` }))
          .status,
      );
    assert.deepEqual(statuses, [401, 401, 401, 429]);
    const held = await guesser.submit('/studio/login', '/studio/login', ADMIN);
    assert.equal(held.status, 429, 'the right password waits too, from that address');
    assert.match(held.body, /尝试次数过多/);
    const elsewhere = new StaffBrowser(portal, '127.0.0.5');
    assert.equal(
      (await elsewhere.signIn(ADMIN.login, ADMIN.password)).status,
      303,
      'the administrator elsewhere gets in',
    );
  });

  it('gives each role its own rooms: an editor is refused the staff pages and the inbox; an agent answers the chat', async () => {
    const editorAccount = await addMember(admin, 'editor1', ['editor']);
    const agentAccount = await addMember(admin, 'agent1', ['agent']);
    const editor = new StaffBrowser(portal);
    assert.equal((await editor.signIn('editor1', editorAccount.password)).location, '/studio');
    const home = await editor.get('/studio');
    assert.equal(home.status, 200);
    assert.doesNotMatch(home.body, /href="\/studio\/staff"/, 'no link to what the role may not open');
    assert.equal((await editor.get('/studio/staff')).status, 403);
    assert.equal((await editor.get('/studio/audit')).status, 403);
    const refusedPost = await editor.post('/studio/staff', { login: 'sneaky', name: 'x', roles: 'administrator' });
    assert.equal(refusedPost.status, 403);
    const inbox = await editor.get('/chat/agent');
    assert.equal(inbox.status, 403);
    assert.match(inbox.body, /没有客服角色/);
    assert.equal((await editor.get('/chat/agent/api/conversations')).status, 401);

    const agent = new StaffBrowser(portal);
    await agent.signIn('agent1', agentAccount.password);
    const agentInbox = await agent.get('/chat/agent');
    assert.equal(agentInbox.status, 200);
    assert.match(agentInbox.body, /id="inbox"/);
    assert.match(agentInbox.body, /员工agent1/);
    assert.equal((await agent.get('/chat/agent/api/conversations')).status, 200);
  });

  it('keeps CHAT_AGENT_PASSWORD working: it signs in the built-in agent, listed among the staff', async () => {
    const agent = new StaffBrowser(portal);
    const signedIn = await agent.post('/chat/agent/login', { password: AGENT_PASSWORD });
    assert.equal(signedIn.status, 303);
    assert.equal((await agent.get('/chat/agent')).status, 200);
    assert.equal((await agent.get('/studio/staff')).status, 403, 'an agent, not an administrator');
    assert.match((await admin.get('/studio/staff')).body, /agent（内置客服）/);
    const out = await agent.post('/chat/agent/logout', {});
    assert.equal(out.status, 303);
    assert.equal((await agent.get('/chat/agent/api/conversations')).status, 401);
  });

  it('lets an administrator reset a password and end sessions: the member is signed out everywhere', async () => {
    const { id, password } = await addMember(admin, 'editor2', ['editor']);
    const laptop = new StaffBrowser(portal);
    const phone = new StaffBrowser(portal);
    await laptop.signIn('editor2', password);
    await phone.signIn('editor2', password);
    assert.match((await admin.get(`/studio/staff/${id}`)).body, /当前有 2 个登录/);
    const ended = await admin.submit(`/studio/staff/${id}`, `/studio/staff/${id}/sessions`, {});
    assert.equal(ended.location, `/studio/staff/${id}?done=sessions`);
    assert.equal((await laptop.get('/studio')).status, 303);
    assert.equal((await phone.get('/studio')).status, 303);

    await laptop.signIn('editor2', password);
    const reset = await admin.submit(`/studio/staff/${id}`, `/studio/staff/${id}/password`, {
      password: 'New-editor2-2026',
      confirm: 'New-editor2-2026',
    });
    assert.equal(reset.location, `/studio/staff/${id}?done=password`);
    assert.equal((await laptop.get('/studio')).status, 303, 'the old sign-in ended');
    assert.equal((await laptop.signIn('editor2', password)).status, 401, 'the old password no longer works');
    assert.equal((await laptop.signIn('editor2', 'New-editor2-2026')).status, 303);
  });

  it('says what is wrong with a form beside each field and keeps what was typed; hostile names come out inert', async () => {
    const refused = await admin.submit('/studio/staff', '/studio/staff', {
      login: 'Bad Login!',
      name: '<img src=x onerror=alert(1)>',
      password: 'short',
      confirm: 'other',
    });
    assert.equal(refused.status, 400);
    assert.match(refused.body, /账号为 2-32 位小写字母/);
    assert.match(refused.body, /姓名不能含有控制字符或尖括号/);
    assert.match(refused.body, /请至少选择一个角色/);
    assert.match(refused.body, /密码至少 10 位/);
    assert.match(refused.body, /两次输入的密码不一致/);
    assert.match(refused.body, /value="Bad Login!"/, 'what was typed is kept');
    assert.doesNotMatch(refused.body, /<img src=x/);
    assert.match(refused.body, /value="&lt;img src=x onerror=alert\(1\)/, 'kept, escaped');
    assert.match(refused.body, /aria-invalid="true"/);
    const taken = await admin.submit('/studio/staff', '/studio/staff', {
      login: 'admin',
      name: '另一个',
      roles: 'editor',
      password: 'Another-pass-2026',
      confirm: 'Another-pass-2026',
    });
    assert.equal(taken.status, 400);
    assert.match(taken.body, /此账号已被使用/);
    const reserved = await admin.submit('/studio/staff', '/studio/staff', {
      login: 'agent',
      name: '冒名',
      roles: 'agent',
      password: 'Another-pass-2026',
      confirm: 'Another-pass-2026',
    });
    assert.match(reserved.body, /留给内置客服/);
  });

  it('always keeps an administrator: the last one cannot give the role up', async () => {
    const list = await admin.get('/studio/staff');
    const id = /href="\/studio\/staff\/(\d+)">管理员</.exec(list.body)?.[1];
    const refused = await admin.submit(`/studio/staff/${id}`, `/studio/staff/${id}`, {
      name: '管理员',
      roles: 'editor',
    });
    assert.equal(refused.status, 400);
    assert.match(refused.body, /唯一的管理员/);
  });

  it('logs every staff action, newest first, for administrators', async () => {
    const log = await admin.get('/studio/audit');
    assert.equal(log.status, 200);
    for (const action of ['登录', '添加员工', '重设密码', '结束登录']) assert.match(log.body, new RegExp(action));
    assert.match(log.body, /editor2/);
  });

  it('changes one’s own password only with the current one', async () => {
    const { password } = await addMember(admin, 'editor3', ['editor']);
    const editor = new StaffBrowser(portal);
    await editor.signIn('editor3', password);
    const wrong = await editor.submit('/studio/account', '/studio/account/password', {
      current: 'not-the-current-one',
      password: 'Changed-editor3-2026',
      confirm: 'Changed-editor3-2026',
    });
    assert.equal(wrong.status, 400);
    assert.match(wrong.body, /当前密码不正确/);
    const changed = await editor.submit('/studio/account', '/studio/account/password', {
      current: password,
      password: 'Changed-editor3-2026',
      confirm: 'Changed-editor3-2026',
    });
    assert.equal(changed.location, '/studio');
    assert.equal((await editor.get('/studio')).status, 200, 'this browser goes on signed in');
  });
});

describe('the first administrator', () => {
  let portal: TestPortal | undefined;
  afterEach(() => portal?.close());

  it('comes from the one-time link the start prints, used once', async () => {
    portal = await startTestPortal();
    const code = portal.backend.studioSetupCode;
    assert.ok(code, 'a site without administrators has a setup code');
    const browser = new StaffBrowser(portal);
    assert.equal((await browser.get('/studio/setup?code=not-the-code-at-all-xxxx')).status, 403);
    const page = `/studio/setup?code=${code}`;
    assert.equal((await browser.get(page)).status, 200);
    const mismatch = await browser.submit(page, '/studio/setup', {
      code,
      login: 'owner',
      name: '站长',
      password: 'Owner-pass-2026',
      confirm: 'Owner-pass-2027',
    });
    assert.equal(mismatch.status, 400);
    assert.match(mismatch.body, /两次输入的密码不一致/);
    const made = await browser.submit(page, '/studio/setup', {
      code,
      login: 'owner',
      name: '站长',
      password: 'Owner-pass-2026',
      confirm: 'Owner-pass-2026',
    });
    assert.equal(made.location, '/studio');
    assert.equal((await browser.get('/studio/staff')).status, 200, 'signed in as the administrator');
    const again = await new StaffBrowser(portal).get(page);
    assert.equal(again.status, 403);
    assert.match(again.body, /已经设置了管理员/);
  });

  it('keeps staff and their sign-ins through a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-restart-'));
    try {
      portal = await startTestPortal({ dataDir, studioAdmin: ADMIN, sessionSecret: 'x'.repeat(40) });
      assert.equal(portal.backend.studioSetupCode, undefined, 'the setting made an administrator');
      const browser = new StaffBrowser(portal);
      await browser.signIn(ADMIN.login, ADMIN.password);
      const cookies = new Map(browser.cookies);
      await portal.close();
      portal = await startTestPortal({ dataDir, sessionSecret: 'x'.repeat(40) });
      const after = new StaffBrowser(portal);
      for (const [name, value] of cookies) after.cookies.set(name, value);
      assert.equal((await after.get('/studio/staff')).status, 200);
    } finally {
      await portal?.close();
      portal = undefined;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
