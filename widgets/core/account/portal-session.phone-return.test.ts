import { expect } from 'chai';
import { asPhoneVisitor } from '../../test-support/phone';
import { waitFor } from '../../test-support/wait';
import { checkSignInOnLoad } from './portal-session';

describe('the sign-in check on a phone, back from signing in', () => {
  asPhoneVisitor();
  before(() => history.replaceState(null, '', `${location.pathname}?code=good-phone`));
  after(() => history.replaceState(null, '', location.pathname));

  it('finishes the sign-in the address brings, as the page loads', async () => {
    const user = await checkSignInOnLoad();
    expect(user?.name).to.be.a('string').and.not.equal('');
    await waitFor(() => !new URLSearchParams(location.search).has('code'), 'the code leaves the address');
  });
});
