import { expect } from 'chai';
import { configurePortal } from '../core/configure';
import { saveTokens } from '../core/tokens';
import { chatIdentity, mayNameUser } from './identity';

const HOUR = 3_600_000;
const visitorId = async () => 'anonymous-visitor-id';

describe('who the chat says the visitor is, on a page of another origin than the portal’s', () => {
  // An origin the account service registered: its hub gave this page the portal's sign-in.
  before(() => configurePortal({ origin: 'http://127.0.0.1:9' }));
  afterEach(() => saveTokens(null));

  it('signed in here: the token this origin holds, and the user may be named to the agent', async () => {
    saveTokens({ accessToken: 'at-elsewhere', refreshToken: 'rt-elsewhere', expiresAt: Date.now() + HOUR });
    expect(await chatIdentity(visitorId)).to.deep.equal({ Authorization: 'Bearer at-elsewhere' });
    expect(mayNameUser()).to.equal(true);
  });

  it('not signed in: the anonymous visitor’s id, and nobody is named', async () => {
    expect(await chatIdentity(visitorId)).to.deep.equal({ 'X-Chat-Visitor': 'anonymous-visitor-id' });
    expect(mayNameUser()).to.equal(false);
  });

  it('a sign-in past its time: anonymous, rather than a token the service would refuse', async () => {
    saveTokens({ accessToken: 'at-expired', refreshToken: 'rt-expired', expiresAt: Date.now() - 1000 });
    expect(await chatIdentity(visitorId)).to.deep.equal({ 'X-Chat-Visitor': 'anonymous-visitor-id' });
    expect(mayNameUser()).to.equal(false);
  });
});
