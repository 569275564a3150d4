import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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
});
