import { expect } from 'chai';
import { hubFrames } from '../../test-support/phone';
import { waitFor } from '../../test-support/wait';
import { waitForSignIn } from './signed-in-wait';

/** Modules of a framework this page fetched: the light check needs none. */
const frameworkModules = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => /\/node_modules\/(preact|nanostores|@r2wc)\/|\/core\/stores\//.test(name));

describe('the light sign-in check, on a desktop, for a visitor', () => {
  before(() => localStorage.clear());

  it('asks the hub once, marks a waiting element signed out and loads nothing, without a framework', async () => {
    const first = document.createElement('x-waits-for-a-user');
    const second = document.createElement('x-waits-for-a-user');
    document.body.append(first, second);
    let loads = 0;
    waitForSignIn(first, () => loads++);
    waitForSignIn(second, () => loads++);
    await waitFor(() => first.hasAttribute('data-signed-out'), 'the first marked signed out', 12_000);
    await waitFor(() => second.hasAttribute('data-signed-out'), 'the second marked signed out');
    expect(hubFrames(), 'one hub frame').to.equal(1);
    expect(loads, 'no code for no one').to.equal(0);
    expect(frameworkModules()).to.deep.equal([]);
    first.remove();
    second.remove();
  });
});
