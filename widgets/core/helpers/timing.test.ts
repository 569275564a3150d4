import { expect } from 'chai';
import { debounce, throttle } from './timing';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A function that records each call's arguments and time. */
function recorder<A extends unknown[]>() {
  const calls: { args: A; at: number }[] = [];
  const fn = (...args: A) => {
    calls.push({ args, at: performance.now() });
  };
  return { calls, fn };
}

describe('debounce', () => {
  it('calls once, after the calls pause, with the latest arguments', async () => {
    const { calls, fn } = recorder<[number, string]>();
    const debounced = debounce(fn, 40);
    debounced(1, 'a');
    debounced(2, 'b');
    const last = performance.now();
    debounced(3, 'c');
    expect(calls).to.have.length(0);

    await sleep(100);
    expect(calls.map((call) => call.args)).to.deep.equal([[3, 'c']]);
    expect(calls[0]!.at - last).to.be.at.least(39);
  });

  it('waits again on every call', async () => {
    const { calls, fn } = recorder<[number]>();
    const debounced = debounce(fn, 60);
    debounced(1);
    await sleep(30);
    debounced(2);
    const last = performance.now();
    await sleep(30); // 60 ms after the first call, but only 30 after the last
    expect(calls).to.have.length(0);

    await sleep(80);
    expect(calls.map((call) => call.args)).to.deep.equal([[2]]);
    expect(calls[0]!.at - last).to.be.at.least(59);
  });

  it('calls again for a later burst', async () => {
    const { calls, fn } = recorder<[number]>();
    const debounced = debounce(fn, 20);
    debounced(1);
    await sleep(60);
    debounced(2);
    await sleep(60);
    expect(calls.map((call) => call.args)).to.deep.equal([[1], [2]]);
  });

  it('waits 300 ms by default', async () => {
    const { calls, fn } = recorder<[]>();
    const debounced = debounce(fn);
    const start = performance.now();
    debounced();
    await sleep(100);
    expect(calls).to.have.length(0);
    await sleep(350);
    expect(calls).to.have.length(1);
    expect(calls[0]!.at - start).to.be.at.least(299);
  });

  it('cancel drops the pending call', async () => {
    const { calls, fn } = recorder<[number]>();
    const debounced = debounce(fn, 20);
    debounced(1);
    debounced.cancel();
    await sleep(60);
    expect(calls).to.have.length(0);
  });

  it('flush makes the pending call now, and only once', async () => {
    const { calls, fn } = recorder<[number]>();
    const debounced = debounce(fn, 20);
    debounced.flush(); // nothing pending: no call
    expect(calls).to.have.length(0);

    debounced(1);
    debounced(2);
    debounced.flush();
    expect(calls.map((call) => call.args)).to.deep.equal([[2]]);
    debounced.flush();
    await sleep(60);
    expect(calls).to.have.length(1);
  });

  it('keeps the argument types of the function', () => {
    const debounced = debounce((id: number, label: string) => [id, label], 10);
    // Never called: the lines below are for the type checker.
    const misuse = () => {
      // @ts-expect-error a string where a number belongs
      debounced('1', 'a');
      // @ts-expect-error an argument missing
      debounced(1);
    };
    expect(misuse).to.be.a('function');
    debounced.cancel();
  });
});

describe('throttle', () => {
  it('calls at once on the first call', () => {
    const { calls, fn } = recorder<[string]>();
    const throttled = throttle(fn, 40);
    throttled('first');
    expect(calls.map((call) => call.args)).to.deep.equal([['first']]);
    throttled.cancel();
  });

  it('folds the calls inside a window into one at its end, with the latest arguments', async () => {
    const { calls, fn } = recorder<[number]>();
    const throttled = throttle(fn, 40);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(calls).to.have.length(1);

    await sleep(120);
    expect(calls.map((call) => call.args)).to.deep.equal([[1], [3]]);
    expect(calls[1]!.at - calls[0]!.at).to.be.at.least(39);
  });

  it('makes no trailing call when nothing came during the window', async () => {
    const { calls, fn } = recorder<[number]>();
    const throttled = throttle(fn, 20);
    throttled(1);
    await sleep(80);
    expect(calls).to.have.length(1);
    throttled(2); // a new window: at once again
    expect(calls.map((call) => call.args)).to.deep.equal([[1], [2]]);
    throttled.cancel();
  });

  it('calls at most once per wait under a steady stream, and ends with the latest arguments', async () => {
    const { calls, fn } = recorder<[number]>();
    const throttled = throttle(fn, 50);
    const start = performance.now();
    let i = 0;
    while (performance.now() - start < 250) {
      throttled(++i);
      await sleep(5);
    }
    const elapsed = performance.now() - start;
    await sleep(120);

    expect(calls.length).to.be.at.least(3);
    expect(calls.length).to.be.at.most(Math.ceil(elapsed / 50) + 1);
    for (let n = 1; n < calls.length; n++) expect(calls[n]!.at - calls[n - 1]!.at).to.be.at.least(49);
    expect(calls.at(-1)!.args).to.deep.equal([i]);
  });

  it('cancel drops the trailing call and lets the next call through at once', async () => {
    const { calls, fn } = recorder<[number]>();
    const throttled = throttle(fn, 40);
    throttled(1);
    throttled(2);
    throttled.cancel();
    await sleep(100);
    expect(calls.map((call) => call.args)).to.deep.equal([[1]]);

    throttled(3);
    throttled.cancel();
    expect(calls.map((call) => call.args)).to.deep.equal([[1], [3]]);
  });
});
