import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { type ClockedPortal, startClockedPortal } from '../../test-support/clocked-portal';
import { request } from '../../test-support/http';

/**
 * The agent inbox's one shared password (CHAT_AGENT_PASSWORD), throttled like
 * the account service's sign-in: its "account" is the agent. Before, each
 * address had five tries per ten minutes, so many addresses guessed without limit.
 */
describe('guessing the agent inbox password', () => {
  const PASSWORD = 'Agent-test-2026';
  let portal: ClockedPortal;
  afterEach(() => portal?.close());

  const post = (from: string, fields: Record<string, string>) =>
    request(portal.port, '/chat/agent/login', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: portal.origin,
        'X-Forwarded-For': from,
      },
      body: new URLSearchParams(fields).toString(),
    });
  const guess = (from: string) => post(from, { password: 'not-the-password' });
  const statusesOf = async (tries: Array<() => Promise<{ status: number }>>) => {
    const statuses: number[] = [];
    for (const attempt of tries) statuses.push((await attempt()).status);
    return statuses;
  };

  it('makes an address that keeps guessing wait longer each time, while the agents elsewhere sign in', async () => {
    portal = await startClockedPortal({ agentPassword: PASSWORD });
    const guesser = '198.51.100.9';
    assert.deepEqual(await statusesOf([guess, guess, guess].map((g) => () => g(guesser))), [401, 401, 401]);
    const refused = await guess(guesser);
    assert.equal(refused.status, 429);
    assert.equal(refused.headers['retry-after'], '30');
    assert.match(refused.body, /尝试次数过多，请 30 秒后再试/);
    assert.equal((await post(guesser, { password: PASSWORD })).status, 429, 'the right password waits too');
    assert.equal((await post('203.0.113.7', { password: PASSWORD })).status, 303, 'an agent elsewhere does not');
    portal.clock.advance(30_000);
    assert.equal((await guess(guesser)).status, 401);
    assert.equal((await guess(guesser)).headers['retry-after'], '60');
  });

  it('holds back the answers to guesses from many addresses, growing, and never refuses the agents', async () => {
    portal = await startClockedPortal({ agentPassword: PASSWORD });
    for (let i = 0; i < 13; i++) assert.equal((await guess(`198.51.100.${i + 1}`)).status, 401);
    assert.deepEqual(portal.clock.held, [500, 1_000, 2_000], 'from the tenth wrong password on');
    assert.equal((await post('203.0.113.7', { password: PASSWORD })).status, 303);
    assert.equal(portal.clock.held.at(-1), 3_000, 'a few seconds at most');
    const said = portal.warnings.find(({ fields }) => fields.decision === 'delayed');
    assert.equal(said?.fields.account, 'agent');
    assert.equal(said?.fields.throttle, 'chat agent sign-in');
  });

  it("refuses an address past the hour's ceiling, not another one", async () => {
    portal = await startClockedPortal({ agentPassword: PASSWORD, signInAttemptsPerAddress: 4 });
    const guesser = '198.51.100.20';
    assert.deepEqual(await statusesOf([guess, guess, guess].map((g) => () => g(guesser))), [401, 401, 401]);
    portal.clock.advance(30_000);
    assert.equal((await guess(guesser)).status, 401);
    portal.clock.advance(15 * 60_000);
    const refused = await guess(guesser);
    assert.equal(refused.status, 429, 'its waits have passed, its hour has not');
    assert.equal(refused.headers['retry-after'], String(60 * 60 - 30 - 15 * 60));
    assert.equal((await guess('198.51.100.21')).status, 401);
  });

  it('counts only a wrong password: not a refusal (429), a foreign form (403) nor an empty one', async () => {
    portal = await startClockedPortal({ agentPassword: PASSWORD });
    const guesser = '198.51.100.30';
    const foreign = () =>
      request(portal.port, '/chat/agent/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': guesser },
        body: 'password=x',
      });
    assert.deepEqual(await statusesOf([foreign, foreign, foreign]), [403, 403, 403]);
    const empty = () => post(guesser, { password: '' });
    assert.deepEqual(await statusesOf([empty, empty, empty]), [400, 400, 400]);
    assert.deepEqual(await statusesOf([guess, guess, guess].map((g) => () => g(guesser))), [401, 401, 401]);
    assert.deepEqual(await statusesOf([guess, guess, guess].map((g) => () => g(guesser))), [429, 429, 429]);
    portal.clock.advance(30_000);
    assert.equal((await guess(guesser)).status, 401);
    assert.equal((await guess(guesser)).headers['retry-after'], '60', 'the refusals did not count');
  });
});
