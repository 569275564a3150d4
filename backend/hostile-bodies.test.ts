import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request } from '../test-support/http';
import { startTestPortal, type TestPortal } from '../test-support/portal';

let portal: TestPortal;
before(async () => {
  portal = await startTestPortal();
});
after(() => portal.close());

const JSON_POSTS = [
  '/api/feedback',
  '/api/friendly-link/list',
  '/api/chat/messages',
  '/api/guc/protocol/oauth2/token/refresh',
];
const post = (path: string, headers: Record<string, string>, body: string | Buffer = '{}') =>
  request(portal.port, path, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } });

describe('hostile bodies on the JSON API', () => {
  for (const path of JSON_POSTS) {
    it(`${path}: an unsupported encoding or charset is 415, a huge body 413, a broken one 400, in the envelope`, async () => {
      const cases: Array<[Record<string, string>, string | Buffer, number]> = [
        [{ 'Content-Encoding': 'zip' }, '{}', 415],
        [{ 'Content-Type': 'application/json; charset=klingon' }, '{}', 415],
        // JSON is UTF-8 (RFC 8259): UTF-7 could carry what a filter in front looks for unseen.
        [{ 'Content-Type': 'application/json; charset=utf-7' }, '{"text":"+ADw-script+AD4-"}', 415],
        [{ 'Content-Type': 'application/json; charset=UTF-16' }, '{}', 415],
        // What a charset is must be plain: said twice, or malformed, it is refused.
        [{ 'Content-Type': 'application/json; charset=utf-8; charset=utf-16' }, '{}', 415],
        [{ 'Content-Type': 'application/json; charset="utf-8' }, '{}', 415],
        [{ 'Content-Type': 'application/json; charset' }, '{}', 415],
        // Bytes that are not UTF-8 are refused, not stored as U+FFFD.
        [{}, Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 400],
        [{}, JSON.stringify({ text: 'x'.repeat(300_000) }), 413],
        [{}, '{"a":', 400],
      ];
      for (const [headers, body, status] of cases) {
        const answer = await post(path, headers, body);
        // Routes that read no body (or refuse before reading it) may answer otherwise, but never 500.
        if (answer.status === 404 || answer.status === 405) continue;
        assert.equal(answer.status, status, `${path} ${JSON.stringify(headers)}`);
        const envelope = JSON.parse(answer.body);
        assert.equal(envelope.code, `E0${status}`);
        assert.match(envelope.msg, /[\u4e00-\u9fff]/, 'the message is in Chinese');
        assert.doesNotMatch(answer.body, /at \w+ \(|node_modules|\/work\//);
      }
    });
  }
});
