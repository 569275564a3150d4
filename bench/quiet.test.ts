import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { busyCoresBetween, type CpuSample, waitForQuiet } from './quiet';

/** A two-core machine whose busy share for each step of 500 ms is given in turn (the last repeats). */
function machine(busyPerStep: number[]) {
  let step = 0;
  let sample: CpuSample = { idle: 0, total: 0 };
  return {
    cores: 2,
    sample: () => sample,
    wait: async () => {
      const busy = busyPerStep[Math.min(step, busyPerStep.length - 1)]!;
      step++;
      sample = { idle: sample.idle + 1000 * (1 - busy), total: sample.total + 1000 };
    },
  };
}

const options = { busyCoresBelow: 0.2, forMs: 1500, timeoutMs: 10_000, stepMs: 500 };

describe('busyCoresBetween', () => {
  it('counts busy time in cores, whatever the machine has', () => {
    assert.equal(busyCoresBetween({ idle: 100, total: 200 }, { idle: 250, total: 400 }, 2), 0.5);
    assert.equal(busyCoresBetween({ idle: 0, total: 0 }, { idle: 15, total: 16 }, 16), 1);
  });

  it('is 0 when no time passed, not NaN', () => {
    assert.equal(busyCoresBetween({ idle: 5, total: 10 }, { idle: 5, total: 10 }, 2), 0);
  });
});

describe('waitForQuiet', () => {
  it('returns once every step of the window is quiet', async () => {
    const result = await waitForQuiet({ ...options, ...machine([1, 1, 1, 1, 0, 0, 0]) });
    assert.deepEqual(result, { quiet: true, busyCores: 0, waitedMs: 3500 });
  });

  it('does not take quiet moments in a busy window for quiet', async () => {
    const result = await waitForQuiet({ ...options, ...machine([1, 0, 1, 0, 1, 0, 1, 0, 0, 0]) });
    assert.equal(result.quiet, true);
    assert.equal(result.waitedMs, 5000);
  });

  it('does not let a quiet average hide a busy last step', async () => {
    // Two idle steps and one at 25 % of two cores average under 0.2 cores, but the machine just got busy.
    const result = await waitForQuiet({ ...options, ...machine([0, 0, 0.25, 0, 0, 0]) });
    assert.equal(result.waitedMs, 3000);
  });

  it('gives up at the timeout and says how busy the machine was', async () => {
    const result = await waitForQuiet({ ...options, ...machine([0.5]) });
    assert.deepEqual(result, { quiet: false, busyCores: 1, waitedMs: 10_000 });
  });

  it('counts a machine that is a little busy as quiet', async () => {
    const result = await waitForQuiet({ ...options, ...machine([0.0625]) });
    assert.deepEqual(result, { quiet: true, busyCores: 0.125, waitedMs: 1500 });
  });
});
