import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { keptThroughFailures, UpstreamFailure } from './upstream';

/** A load that answers its values in turn; an Error among them is thrown. */
function loads(...answers: Array<string | Error>) {
  let calls = 0;
  const load = async () => {
    const answer = answers[Math.min(calls++, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    return answer as string;
  };
  return { load, calls: () => calls };
}
const down = new UpstreamFailure('unreachable', 'down');
/** Past a freshness of 1 ms. */
const stale = () => sleep(3);

describe('values kept through back-end failures', () => {
  it('serves the last good value to everyone while the back-end fails', async () => {
    const { load, calls } = loads('good', down);
    const value = keptThroughFailures(load, { freshMs: 1 });
    assert.equal(await value(), 'good');
    for (let round = 0; round < 3; round++) {
      await stale();
      assert.equal(await value(), 'good');
    }
    assert.ok(calls() > 1, 'the back-end is tried again');
  });

  it('passes the failure on when nothing good was ever had', async () => {
    const value = keptThroughFailures(loads(down).load, { freshMs: 1 });
    await assert.rejects(value(), UpstreamFailure);
  });

  it('lets the last good value go once it is older than the stale limit', async () => {
    const value = keptThroughFailures(loads('good', down).load, { freshMs: 1, staleMs: 0 });
    assert.equal(await value(), 'good');
    await stale();
    await value(); // still the stale value, while it is tried again
    await stale();
    await assert.rejects(value(), UpstreamFailure);
  });

  it('takes a new value as soon as the back-end has one', async () => {
    const value = keptThroughFailures(loads('old', down, 'new').load, { freshMs: 1 });
    assert.equal(await value(), 'old');
    const seen = new Set<string>();
    for (let round = 0; round < 5 && !seen.has('new'); round++) {
      await stale();
      seen.add(await value());
    }
    assert.ok(seen.has('new'));
  });
});
