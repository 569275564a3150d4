import { expect } from 'chai';
import { testAccountClient } from '../../test-support/account-client';
import { waitFor } from '../../test-support/wait';
import { localEnvironment, setEnvironment } from '../env';

/**
 * After signing in, one Back leaves to where the visitor was: a
 * sign-in coming back to this page takes this page's place in the history; one
 * going on to another page (the order it was asked for) leaves this one behind it.
 */
describe('account client, the history a sign-in leaves', () => {
  function client() {
    const navigations: Array<{ url: string; replace: boolean }> = [];
    const account = testAccountClient({
      navigate: (url, replace) => navigations.push({ url, replace: Boolean(replace) }),
    });
    return { account, navigations };
  }
  beforeEach(() => setEnvironment(localEnvironment(location.origin)));

  it('login() back to this page replaces this page with the sign-in', async () => {
    const { account, navigations } = client();
    account.login();
    await waitFor(() => navigations.length > 0, 'login navigates');
    expect(navigations[0]!.url).to.include('/api/guc/protocol/oauth2/auth');
    expect(navigations[0]!.replace).to.equal(true);
    account.close();
  });

  it('login(returnTo) to another page keeps this page behind it', async () => {
    const { account, navigations } = client();
    account.login(`${location.origin}/order/create?productId=1`);
    await waitFor(() => navigations.length > 0, 'login navigates');
    expect(new URL(navigations[0]!.url).searchParams.get('redirectUri')).to.equal(
      `${location.origin}/order/create?productId=1`,
    );
    expect(navigations[0]!.replace).to.equal(false);
    account.close();
  });
});
