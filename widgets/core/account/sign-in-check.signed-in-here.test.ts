import { expect } from 'chai';
import { waitFor } from '../../test-support/wait';
import { TOKEN_STORAGE_KEY } from '../stored-tokens';
import { waitForSignIn } from './signed-in-wait';

describe('the light sign-in check, with a sign-in this origin holds', () => {
  before(() =>
    localStorage.setItem(
      TOKEN_STORAGE_KEY,
      JSON.stringify({ accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 3_600_000 }),
    ),
  );
  after(() => localStorage.clear());

  it('brings the waiting element’s code at once, never marked signed out', async () => {
    const element = document.createElement('x-waits-for-a-user');
    document.body.append(element);
    let loads = 0;
    waitForSignIn(element, () => loads++);
    await waitFor(() => loads === 1, 'its code asked for');
    expect(element.hasAttribute('data-signed-out')).to.equal(false);
    element.remove();
  });
});
