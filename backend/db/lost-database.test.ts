import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { type PortalProcess, startPortalProcess } from '../../e2e/portal-process';
import { DEMO_PASSWORD } from '../accounts/demo-accounts';
import { createEmbeddedBackend } from '../index';
import { issuedVisitor } from '../test-support/chat-visitor';
import { demoOrder } from '../test-support/demo-order';
import { accessTokenFor, postSignInForm } from '../test-support/sign-in';
import { DATABASE_FILE } from './connection';

/** SPEC §8: what a 503 says. */
const UNAVAILABLE = '服务不可用，服务器暂时过载或维护!';

const feedbackEntry = {
  topic: 'product' as const,
  content: '想了解设备接入平台的私有化部署',
  contactName: '张三',
  contact: '13800001111',
};
let keys = 0;
const orderOf = () => demoOrder(`lost-database-${process.pid}-${++keys}`);

/** The writes a visitor and a customer make, as the browser sends them. */
const writes = (portal: PortalProcess, token: string) => ({
  feedbackApi: () =>
    fetch(`${portal.url}/api/feedback`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(feedbackEntry),
    }),
  feedbackForm: () =>
    fetch(`${portal.url}/feedback`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: portal.url },
      body: new URLSearchParams(feedbackEntry).toString(),
      redirect: 'manual',
    }),
  order: () =>
    fetch(`${portal.url}/api-zzy-portal/api/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(orderOf()),
    }),
  chatMessage: async () =>
    fetch(`${portal.url}/api/chat/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Chat-Visitor': await issuedVisitor(portal.url) },
      body: JSON.stringify({ kind: 'text', text: '请问设备接入平台怎么收费？' }),
    }),
  signIn: () =>
    postSignInForm(Number(new URL(portal.url).port), {
      username: 'demo',
      password: DEMO_PASSWORD,
      appId: '9090',
      redirectUri: `${portal.url}/home`,
    }),
});

/** Every write is confirmed while the database file is the one the server opened. */
async function assertConfirmed(write: ReturnType<typeof writes>) {
  assert.equal((await write.feedbackApi()).status, 200, 'feedback through the API');
  const form = await write.feedbackForm();
  assert.equal(form.status, 303, 'the feedback form');
  assert.match(form.headers.get('location') ?? '', /sent=1/);
  assert.equal((await write.order()).status, 200, 'an order');
  assert.equal((await write.chatMessage()).status, 200, 'a chat message');
}

/** No write is confirmed: each is told the service is unavailable, in its own form. */
async function assertRefused(write: ReturnType<typeof writes>) {
  for (const [name, call] of [
    ['feedback through the API', write.feedbackApi],
    ['an order', write.order],
    ['a chat message', write.chatMessage],
  ] as const) {
    const answer = await call();
    assert.equal(answer.status, 503, name);
    assert.ok(Number(answer.headers.get('retry-after')) > 0, `${name}: Retry-After`);
    assert.deepEqual(await answer.json(), { code: 'E0503', msg: UNAVAILABLE, status: 503 }, name);
  }
  const form = await write.feedbackForm();
  assert.equal(form.status, 503, 'the feedback form is not confirmed');
  assert.equal(form.headers.get('location'), null);
  const page = await form.text();
  assert.doesNotMatch(page, /反馈已提交/);
  assert.match(page, /提交失败/);
  const signIn = await write.signIn();
  assert.equal(signIn.status, 503, 'a sign-in, which writes its code');
  assert.equal(signIn.headers.location, undefined);
  // The sign-in page again, saying why, as for any other refusal of the form.
  assert.match(signIn.body, /登录智造云/);
  assert.match(signIn.body, /服务不可用，服务器暂时过载或维护/);
  assert.equal(signIn.headers['retry-after'], '30');
}

const linesMatching = (text: string, pattern: RegExp) => text.split('\n').filter((line) => pattern.test(line));

/** The operator's line: an error naming the data folder and what became of its file. */
const LOST = /"level":50.*"msg":"The data folder .* while the server ran/;

describe('the data folder deleted while the server runs', () => {
  let portal: PortalProcess;
  let write: ReturnType<typeof writes>;
  let token: string;
  before(async () => {
    portal = await startPortalProcess();
    token = await accessTokenFor(Number(new URL(portal.url).port), portal.url, 'demo');
    write = writes(portal, token);
  });
  after(() => portal.stop());

  it('confirms writes before, none after; reads go on; the log says so once; no fresh database appears', async () => {
    await assertConfirmed(write);
    rmSync(portal.dataDir, { recursive: true, force: true });

    await assertRefused(write);
    await assertRefused(write);

    const line = await portal.logLine(LOST);
    assert.ok(line.includes(portal.dataDir), `names the folder: ${line}`);
    assert.match(line, /portal\.sqlite is gone/);
    assert.equal(
      linesMatching(portal.output(), /while the server ran/).length,
      1,
      `said once, not per request:\n${portal.output()}`,
    );

    // What was confirmed before can still be read from the open database.
    const orders = await fetch(`${portal.url}/api-zzy-portal/api/orders`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    assert.equal(orders.status, 200);
    assert.equal((await orders.json()).result.total, 1);
    assert.equal((await fetch(`${portal.url}/news`)).status, 200);
    assert.equal(existsSync(portal.dataDir), false, 'no empty database made behind the operator’s back');
  });
});

describe('the database file replaced by another while the server runs', () => {
  let portal: PortalProcess;
  let write: ReturnType<typeof writes>;
  before(async () => {
    portal = await startPortalProcess();
    write = writes(portal, await accessTokenFor(Number(new URL(portal.url).port), portal.url, 'demo'));
  });
  after(() => portal.stop());

  it('confirms no write, writes nothing into the new file, and the log says the file was replaced', async () => {
    await assertConfirmed(write);
    // An operator restores an earlier copy over the live file.
    const file = join(portal.dataDir, DATABASE_FILE);
    const copy = join(portal.dataDir, 'restored.sqlite');
    const live = new Database(file, { readonly: true });
    live.prepare('VACUUM INTO ?').run(copy);
    live.close();
    renameSync(copy, file);

    await assertRefused(write);

    const line = await portal.logLine(LOST);
    assert.ok(line.includes(portal.dataDir), `names the folder: ${line}`);
    assert.match(line, /portal\.sqlite was replaced/);
    assert.equal(
      linesMatching(portal.output(), /while the server ran/).length,
      1,
      `said once, not per request:\n${portal.output()}`,
    );
    const restored = new Database(file, { readonly: true });
    const count = (table: string) => (restored.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    assert.equal(count('feedback'), 2, 'only the two entries confirmed before');
    assert.equal(count('orders'), 1, 'only the order confirmed before');
    restored.close();
  });
});

describe('an idle server', () => {
  it('notices the folder gone by itself, says so once, and refuses the next write', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-lost-'));
    const log: string[] = [];
    const backend = await createEmbeddedBackend({
      dataDir,
      fileCheckMs: 20,
      log: { error: (fields, message) => log.push(JSON.stringify({ ...fields, msg: message })) },
    });
    try {
      await backend.feedback.add(feedbackEntry);
      rmSync(dataDir, { recursive: true, force: true });
      const deadline = Date.now() + 5000;
      while (log.length === 0 && Date.now() < deadline) await sleep(10);
      assert.equal(log.length, 1, 'noticed without a write');
      assert.ok(log[0]?.includes(dataDir));
      assert.match(log[0] ?? '', /"loss":"gone"/);
      await assert.rejects(backend.feedback.add(feedbackEntry), { status: 503 });
      assert.equal(
        (await backend.feedback.latest()).length,
        1,
        'the refused entry left nothing, even in the open file',
      );
      assert.equal(log.length, 1, 'said once');
    } finally {
      await backend.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
