import { expect } from 'chai';
import { checkSignInOnLoad } from '../core/account/portal-session';
import { waitFor } from '../test-support/wait';
import { askForUser } from './ask-for-user';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const hubFrames = () => document.querySelectorAll('iframe[title="sign-in sync"]').length;

describe('the chat shown on a phone, on the portal’s own page', () => {
  before(() => {
    localStorage.clear();
    Object.defineProperty(navigator, 'userAgent', { value: PHONE, configurable: true });
  });
  after(() => Reflect.deleteProperty(navigator, 'userAgent'));

  it('asks the account service for the user the page did not ask for as it loaded', async () => {
    await checkSignInOnLoad();
    expect(hubFrames(), 'not as the page loaded').to.equal(0);
    askForUser();
    await waitFor(() => hubFrames() === 1, 'asked when the chat is shown');
  });
});
