import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { failedStart, type PortalProcess, startPortalProcess } from '../e2e/portal-process';
import { loggableUrl } from './logger';

describe('loggableUrl', () => {
  it('keeps the address but not the secrets in it', () => {
    assert.equal(
      loggableUrl('/api/guc/protocol/oauth2/logout?token=abc&redirectUri=https%3A%2F%2Fx'),
      '/api/guc/protocol/oauth2/logout?token=[redacted]&redirectUri=https%3A%2F%2Fx',
    );
    assert.equal(loggableUrl('/cb?code=1&state=2&page=3'), '/cb?code=[redacted]&state=[redacted]&page=3');
    assert.equal(loggableUrl('/x?refresh%5Ftoken=1'), '/x?refresh%5Ftoken=[redacted]');
    assert.equal(loggableUrl('/news/3'), '/news/3');
    assert.ok(loggableUrl(`/a?${'b'.repeat(500)}`).length <= 201);
  });
});

describe('the log’s lines waiting to be written', () => {
  it('are bounded: a burst (or a reader that stopped) past 16 MB drops lines rather than filling memory', () => {
    // 40,000 lines of 1 KB made at once: 40 MB, all waiting for the first write to end.
    const burst = spawnSync(process.execPath, ['--import', 'tsx', 'host/test-support/log-burst.ts'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    });
    assert.equal(burst.status, 0, burst.stderr);
    assert.equal(burst.stderr, 'dropped');
  });
});

describe('the server’s log at the default level', () => {
  let portal: PortalProcess;
  before(async () => {
    portal = await startPortalProcess(3, { env: { LOG_LEVEL: 'info' } });
  });
  after(() => portal.stop());

  it('has every request but none of the tokens and codes their addresses carried', async () => {
    const secrets = ['SECRETTOKEN1', 'SECRETREFRESH2', 'SECRETCODE3', 'SECRETVERIFIER4', 'SECRETTOKEN5'];
    const paths = [
      `/api/guc/protocol/oauth2/logout?token=${secrets[0]}&redirectUri=${encodeURIComponent(`${portal.url}/`)}`,
      `/api/guc/protocol/oauth2/token/refresh?refreshToken=${secrets[1]}`,
      `/api/guc/protocol/oauth2/token/by-code?code=${secrets[2]}&code_verifier=${secrets[3]}&appId=9090`,
      `/?access_token=${secrets[4]}`,
      `/?access_token=${secrets[4]}`, // the second is a kept page, answered and logged before routing
    ];
    for (const path of paths) await fetch(portal.url + path, { redirect: 'manual' });
    // One request more, after the others: once its line is in, theirs are too.
    await fetch(`${portal.url}/?after=all`);
    await portal.logLine(/after=all/);
    const log = portal.output();
    assert.match(log, /by-code\?code=\[redacted\]/, 'the requests are logged');
    for (const secret of secrets) assert.doesNotMatch(log, new RegExp(secret), `${secret} is not in the log`);
  });
});

/** The lines printed that are not one JSON object each. */
const notJson = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.trim())
    .filter((line) => {
      try {
        return typeof JSON.parse(line) !== 'object';
      } catch {
        return true;
      }
    });

describe('every line the server prints is JSON', () => {
  it('its start, its requests and its stop', async () => {
    const portal = await startPortalProcess(3, { env: { LOG_LEVEL: 'info' } });
    await fetch(`${portal.url}/`);
    await portal.logLine(/"url":"\/"/);
    await portal.kill('SIGTERM');
    await portal.logLine(/"msg":"Stopped"/);
    await portal.stop();
    assert.deepEqual(notJson(portal.output()), []);
  });

  it('its start lines at LOG_LEVEL=silent too: where it listens is always said', async () => {
    const portal = await startPortalProcess(3, { env: { LOG_LEVEL: 'silent' } });
    await portal.kill('SIGTERM');
    await portal.logLine(/"msg":"Stopped"/);
    await portal.stop();
    assert.match(portal.output(), /"level":30,[^\n]*"msg":"Portal \(local\) listening on http:\/\/localhost:\d+\//);
    assert.deepEqual(notJson(portal.output()), []);
  });

  it('the one line of a start that cannot go on', async () => {
    const { code, printed } = await failedStart({ LOG_LEVEL: 'bogus' });
    assert.equal(code, 1);
    assert.match(printed, /"level":50,[^\n]*"msg":"LOG_LEVEL must be one of/);
    assert.deepEqual(notJson(printed), []);
  });
});
