import { expect } from 'chai';
import { asPhoneVisitor, hubFrames } from '../../test-support/phone';
import { waitFor } from '../../test-support/wait';
import { setUserInfo } from '../stores/user';
import { checkSignInOnLoad, startPortalSession } from './portal-session';
import { waitForSignIn } from './signed-in-wait';

/** A phone's page (the check's state lives for the page, so the steps run in order). */
describe('the sign-in check on a phone, for a visitor', () => {
  asPhoneVisitor();

  it('as the page loads, does not open the hub', async () => {
    expect(await checkSignInOnLoad()).to.equal(null);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hubFrames(), 'no hub frame').to.equal(0);
  });

  it('opens it once something needs the user', async () => {
    expect(await startPortalSession()).to.equal(null);
    await waitFor(() => hubFrames() === 1, 'the hub asked');
  });

  it('an element waiting for a user comes when one is found after the first check', async () => {
    const element = document.createElement('x-waits-for-a-user');
    document.body.append(element);
    let loads = 0;
    waitForSignIn(element, () => loads++);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loads, 'still a visitor').to.equal(0);
    const user = { name: '张明', headImg: '', companyId: '1001', userName: 'demo', mobile: '', potalStatus: true };
    setUserInfo(user);
    await waitFor(() => loads === 1, 'the user found later');
    expect(element.hasAttribute('data-signed-out')).to.equal(false);
    setUserInfo(null);
    element.remove();
  });
});
