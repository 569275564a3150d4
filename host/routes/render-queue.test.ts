import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { renderQueue } from './render-queue';

describe('render queue', () => {
  it('runs renders in bounded number, and refuses with 503 past the waiting room', async () => {
    const queue = renderQueue({ concurrency: 1, maxWaiting: 1 });
    const order: string[] = [];
    let finishFirst = () => {};
    const first = queue(
      () =>
        new Promise<string>((resolve) => {
          order.push('first started');
          finishFirst = () => resolve('first');
        }),
    );
    const second = queue(async () => {
      order.push('second started');
      return 'second';
    });
    await assert.rejects(
      queue(async () => 'third'),
      (error: { status?: number }) => error.status === 503,
    );
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, ['first started'], 'the second waits its turn');
    finishFirst();
    assert.deepEqual(await Promise.all([first, second]), ['first', 'second']);
    assert.equal(await queue(async () => 'later'), 'later', 'room again once they are done');
  });

  it('lets a burst larger than its concurrency wait its turn, first come first served', async () => {
    const queue = renderQueue({ concurrency: 2, maxWaiting: 10 });
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const renders = Array.from({ length: 10 }, (_, index) =>
      queue(async () => {
        started.push(index);
        most = Math.max(most, ++running);
        await sleep(5);
        running--;
        return index;
      }),
    );
    assert.deepEqual(await Promise.all(renders), [...Array(10).keys()]);
    assert.equal(most, 2);
    assert.deepEqual(started, [...Array(10).keys()]);
  });

  it('gives up a render still waiting after the wait limit, with 503, without running it', async () => {
    const queue = renderQueue({ concurrency: 1, maxWaiting: 5, maxWaitMs: 50 });
    let finishFirst = () => {};
    const first = queue(() => new Promise<string>((resolve) => (finishFirst = () => resolve('first'))));
    let ran = false;
    const asked = performance.now();
    await assert.rejects(
      queue(async () => {
        ran = true;
      }),
      (error: { status?: number }) => error.status === 503,
    );
    assert.ok(performance.now() - asked >= 45, 'it waited its limit');
    finishFirst();
    assert.equal(await first, 'first');
    assert.equal(await queue(async () => 'next'), 'next', 'the next one runs at once');
    assert.equal(ran, false);
  });

  it('gives a background render a free turn or none, and at most half the turns', async () => {
    const queue = renderQueue({ concurrency: 4, maxWaiting: 10 });
    const finishes: Array<() => void> = [];
    const hold = () => new Promise<void>((resolve) => finishes.push(resolve));
    const behind = [queue(hold, { background: true }), queue(hold, { background: true })];
    await assert.rejects(queue(hold, { background: true }), (error: { status?: number }) => error.status === 503);
    const visitors = [queue(hold), queue(hold)];
    await assert.rejects(
      queue(hold, { background: true }),
      (error: { status?: number }) => error.status === 503,
      'none waits for a turn',
    );
    const waiting = queue(async () => 'a visitor waits');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(finishes.length, 4, 'two in the background, two visitors');
    for (const finish of finishes) finish();
    await Promise.all([...behind, ...visitors]);
    assert.equal(await waiting, 'a visitor waits');
  });
});
