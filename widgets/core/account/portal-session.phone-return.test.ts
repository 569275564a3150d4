import { expect } from 'chai';
import { waitFor } from '../../test-support/wait';
import { checkSignInOnLoad } from './portal-session';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe('the sign-in check on a phone, back from signing in', () => {
  before(() => {
    localStorage.clear();
    Object.defineProperty(navigator, 'userAgent', { value: PHONE, configurable: true });
    history.replaceState(null, '', `${location.pathname}?code=good-phone`);
  });
  after(() => {
    Reflect.deleteProperty(navigator, 'userAgent');
    history.replaceState(null, '', location.pathname);
  });

  it('finishes the sign-in the address brings, as the page loads', async () => {
    const user = await checkSignInOnLoad();
    expect(user?.name).to.be.a('string').and.not.equal('');
    await waitFor(() => !new URLSearchParams(location.search).has('code'), 'the code leaves the address');
  });
});
