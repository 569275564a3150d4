import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { busyBetween, type CpuSample, waitForQuiet } from './quiet';

/** A machine whose busy share for each step of 500 ms is given in turn (the last repeats). */
function machine(busyPerStep: number[]) {
  let step = 0;
  let sample: CpuSample = { idle: 0, total: 0 };
  return {
    sample: () => sample,
    wait: async () => {
      const busy = busyPerStep[Math.min(step, busyPerStep.length - 1)]!;
      step++;
      sample = { idle: sample.idle + 1000 * (1 - busy), total: sample.total + 1000 };
    },
  };
}

const options = { busyBelow: 0.1, forMs: 1500, timeoutMs: 10_000, stepMs: 500 };

describe('busyBetween', () => {
  it('is the share of CPU time not idle', () => {
    assert.equal(busyBetween({ idle: 100, total: 200 }, { idle: 250, total: 400 }), 0.25);
  });

  it('is 0 when no time passed, not NaN', () => {
    assert.equal(busyBetween({ idle: 5, total: 10 }, { idle: 5, total: 10 }), 0);
  });
});

describe('waitForQuiet', () => {
  it('returns once the whole window is quiet', async () => {
    const result = await waitForQuiet({ ...options, ...machine([1, 1, 1, 1, 0, 0, 0]) });
    assert.deepEqual(result, { quiet: true, busy: 0, waitedMs: 3500 });
  });

  it('does not take one idle moment in a busy window for quiet', async () => {
    const result = await waitForQuiet({ ...options, ...machine([1, 0, 1, 0, 1, 0, 1, 0, 0, 0]) });
    assert.equal(result.quiet, true);
    assert.equal(result.waitedMs, 5000);
  });

  it('gives up at the timeout and says how busy the machine was', async () => {
    const result = await waitForQuiet({ ...options, ...machine([0.5]) });
    assert.equal(result.quiet, false);
    assert.equal(result.waitedMs, 10_000);
    assert.equal(result.busy, 0.5);
  });

  it('counts a machine that is a little busy as quiet', async () => {
    const result = await waitForQuiet({ ...options, ...machine([0.0625]) });
    assert.deepEqual(result, { quiet: true, busy: 0.0625, waitedMs: 1500 });
  });
});
