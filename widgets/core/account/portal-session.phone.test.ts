import { expect } from 'chai';
import { waitFor } from '../../test-support/wait';
import { setUserInfo, type UserInfo } from '../stores/user';
import { checkSignInOnLoad, startPortalSession, whenSignedIn } from './portal-session';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
const hubFrames = () => document.querySelectorAll('iframe[title="sign-in sync"]').length;

/** A phone's page (the check's state lives for the page, so the steps run in order). */
describe('the sign-in check on a phone, for a visitor', () => {
  before(() => {
    localStorage.clear();
    Object.defineProperty(navigator, 'userAgent', { value: PHONE, configurable: true });
  });
  after(() => Reflect.deleteProperty(navigator, 'userAgent'));

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
    let found: UserInfo | undefined;
    void whenSignedIn().then((user) => {
      found = user;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(found, 'still a visitor').to.equal(undefined);
    const user = { name: '张明', headImg: '', companyId: '1001', userName: 'demo', mobile: '', potalStatus: true };
    setUserInfo(user);
    await waitFor(() => found === user, 'the user found later');
    setUserInfo(null);
  });
});
