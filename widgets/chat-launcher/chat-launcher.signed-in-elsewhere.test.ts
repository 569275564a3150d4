import { expect } from 'chai';
import { setUserInfo } from '../core/stores';
import { saveTokens } from '../core/tokens';
import { configurePortal } from '../index';
import { hubFrames } from '../test-support/phone';
import type { PortalChatLauncher } from './chat-launcher.element';
import './chat-launcher.element';

const HOUR = 3_600_000;
const USER = {
  name: '张工',
  headImg: '',
  companyId: '1001',
  userName: 'demo',
  mobile: '138****0000',
  potalStatus: true,
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const secondPortal = async () => ((await (await fetch('/api/test/second-portal')).json()) as { origin: string }).origin;
/** The chat calls the portal got from `who` (a bearer token or a visitor id). */
const callsBy = async (origin: string, who: string) =>
  (await (await fetch(`${origin}/chat-calls?who=${encodeURIComponent(who)}`)).json()) as string[];
const until = async (done: () => Promise<boolean>, what: string) => {
  for (let i = 0; i < 100; i++) {
    if (await done()) return;
    await pause(50);
  }
  throw new Error(`not within 5 s: ${what}`);
};

describe('<portal-chat-launcher> on a page of another origin than its portal’s', () => {
  let origin: string;
  /** This page's own anonymous visitor, as the service would have signed it. */
  const visitor = `${Math.random().toString(36).slice(2).padEnd(24, 'v')}.${'s'.repeat(22)}`;
  before(async () => {
    origin = await secondPortal();
    // An account service that does not list this page: the chat asks it no hub, and the test holds the sign-in itself.
    configurePortal({ origin, env: { name: 'local', accountServer: `${origin}/unlisted` } });
    localStorage.setItem('portal.chat.visitor', visitor);
  });
  after(() => {
    localStorage.removeItem('portal.chat.visitor');
    saveTokens(null);
  });

  it('a user shown without a sign-in this origin holds (it expired) is not named: anonymous, no details posted', async () => {
    saveTokens({ accessToken: 'at-expired', refreshToken: 'rt-expired', expiresAt: Date.now() - 1000 });
    setUserInfo(USER);
    const launcher = document.createElement('portal-chat-launcher') as PortalChatLauncher;
    document.body.append(launcher);
    launcher.open();
    await until(async () => (await callsBy(origin, visitor)).includes('/api/chat/events'), 'the anonymous stream');
    await pause(500);
    expect(await callsBy(origin, visitor)).not.to.include('/api/chat/metadata');
    expect(await callsBy(origin, 'at-expired')).to.deep.equal([]);
    expect(hubFrames(), 'no hub the account service would refuse').to.equal(0);
  });

  it('signed in here (a token the hub gave this origin): the stream opens again as the user, and the details go with the token', async () => {
    const token = `at-${Math.random().toString(36).slice(2)}`;
    saveTokens({ accessToken: token, refreshToken: 'rt-here', expiresAt: Date.now() + HOUR });
    await until(async () => {
      const calls = await callsBy(origin, token);
      return calls.includes('/api/chat/events') && calls.includes('/api/chat/metadata');
    }, 'the stream and the details as the signed-in user');
  });
});
