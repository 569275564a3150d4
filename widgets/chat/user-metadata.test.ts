import { expect } from 'chai';
import { checkSignInOnLoad } from '../core/account/portal-session';
import { asPhoneVisitor, hubFrames } from '../test-support/phone';
import { waitFor } from '../test-support/wait';
import { askForUser } from './user-metadata';

describe('the chat shown on a phone, on the portal’s own page', () => {
  asPhoneVisitor();

  it('asks the account service for the user the page did not ask for as it loaded', async () => {
    await checkSignInOnLoad();
    expect(hubFrames(), 'not as the page loaded').to.equal(0);
    askForUser();
    await waitFor(() => hubFrames() === 1, 'asked when the chat is shown');
  });
});
