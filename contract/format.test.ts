import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { activityTime, messageTime } from './chat-inbox-words';
import { clockTime, dateTime, dayTime, yuan, yuanAmount } from './format';

// 20:43:05 in Beijing: the same wherever the server or the browser runs.
const at = Date.parse('2026-11-25T12:43:05Z');

describe('one formatter for money and time', () => {
  it('shows yuan from fen as the pages always did: whole yuan plain, the rest to the fen', () => {
    assert.equal(yuan(1_980_000), '¥19,800');
    assert.equal(yuan(123_450), '¥1,234.5');
    assert.equal(yuan(5), '¥0.05');
    assert.equal(yuan(0), '¥0');
  });

  it('gives schema.org a plain decimal, not a display price', () => {
    assert.equal(yuanAmount(1_980_000), '19800.00');
  });

  it("tells times in China's time, whatever the machine's time zone", () => {
    assert.equal(clockTime(at), '20:43');
    assert.equal(dayTime(at), '11/25 20:43');
    assert.equal(dateTime(new Date(at).toISOString()), '2026/11/25 20:43:05');
    assert.equal(dateTime(at, 'en'), '11/25/2026, 20:43:05');
    // Past midnight in Beijing is the next day, on a 24-hour clock.
    assert.equal(dayTime(Date.parse('2026-01-01T16:05:00Z')), '01/02 00:05');
  });

  it('is what the agent inbox shows', () => {
    assert.equal(activityTime(at), dayTime(at));
    assert.equal(messageTime(at), clockTime(at));
  });
});
