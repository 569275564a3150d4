import { expect } from 'chai';
import { asPhoneVisitor } from '../../test-support/phone';
import { waitFor } from '../../test-support/wait';
import { STATE_STORAGE_KEY } from './client';
import { checkSignInOnLoad } from './portal-session';

describe('the sign-in check on a phone, back from signing in', () => {
  asPhoneVisitor();
  before(() => {
    sessionStorage.setItem(STATE_STORAGE_KEY, 'phone-state');
    history.replaceState(null, '', `${location.pathname}?code=good-phone&state=phone-state`);
  });
  after(() => history.replaceState(null, '', location.pathname));

  it('finishes the sign-in the address brings, as the page loads', async () => {
    const user = await checkSignInOnLoad();
    expect(user?.name).to.be.a('string').and.not.equal('');
    await waitFor(() => !new URLSearchParams(location.search).has('code'), 'the code leaves the address');
  });
});
