import { expect } from 'chai';
import Cookies from 'js-cookie';
import type { PortalChatLauncher } from '../chat-launcher/chat-launcher.element';
import { configurePortal } from '../index';
import { waitFor } from '../test-support/wait';
import '../login/login.element';
import { startPortalSession } from './account/portal-session';
import { linkBase } from './base';
import { portalUrl } from './config';
import { environment } from './env';
import { getData } from './http';
import { setUserInfo } from './stores';
import '../chat-launcher/chat-launcher.element';
import '../cookie-notice/cookie-notice.element';
import '../header/header.element';

/** Another portal on its own port (widgets/test-support/fake-servers.ts), recording what reached it. */
const secondPortal = async () => ((await (await fetch('/api/test/second-portal')).json()) as { origin: string }).origin;
const reached = async (origin: string) => (await (await fetch(`${origin}/reached`)).json()) as string[];

async function privacyLink(): Promise<HTMLAnchorElement> {
  Cookies.remove('cookie-agree', { path: '/' });
  const notice = document.createElement('portal-cookie-notice');
  document.body.append(notice);
  await waitFor(() => notice.shadowRoot?.querySelector('a'), 'the notice shows its link');
  const link = notice.shadowRoot!.querySelector('a')!;
  notice.remove();
  return link;
}

describe('pointing the elements at a portal', () => {
  it('<meta name="portal-origin">: the privacy policy link and the API go to the portal it names', async () => {
    const origin = await secondPortal();
    await reached(origin);
    const meta = Object.assign(document.createElement('meta'), { name: 'portal-origin', content: `${origin}/` });
    document.head.append(meta);
    try {
      expect((await privacyLink()).href).to.equal(`${origin}/help?id=49`);
      expect(environment().api.portal).to.equal(origin);
      await getData('/api/common/index', { silent: true });
      expect(await reached(origin)).to.deep.equal(['/api/common/index']);
    } finally {
      meta.remove();
    }
    // Without it the elements go back to where their code came from.
    expect(portalUrl('/x')).to.equal(`${location.origin}/x`);
  });

  it('configurePortal: pages, media, the API, the account service, the console and the chat follow it', async () => {
    const origin = await secondPortal();
    await reached(origin);
    // Over a meta tag naming another portal: the bundle's word is the last.
    const meta = Object.assign(document.createElement('meta'), { name: 'portal-origin', content: location.origin });
    document.head.append(meta);
    configurePortal({ origin, env: 'test' });
    try {
      const env = environment();
      expect(env.name).to.equal('test');
      expect(env.api).to.deep.equal({ portal: origin, kernel: origin, brand: origin });
      expect(env.accountServer).to.equal(origin);
      expect(env.console).to.equal(origin.replace(/:(\d+)$/, (_, port) => `:${Number(port) + 1}`));
      // Links to portal pages and the avatar's address start with it.
      expect(linkBase()).to.equal(origin);
      expect((await privacyLink()).href).to.equal(`${origin}/help?id=49`);

      // The header fetches the common data and shows the logo from there.
      const header = document.createElement('portal-header');
      header.setAttribute('no-login', '');
      document.body.prepend(header);
      const launcher = document.createElement('portal-chat-launcher') as PortalChatLauncher;
      document.body.append(launcher);
      launcher.open();
      const paths: string[] = [];
      const wanted = ['/api/common/index', '/media/logo.svg', '/api/chat/events'];
      for (let tries = 0; !wanted.every((path) => paths.includes(path)); tries++) {
        if (tries > 40) throw new Error(`the configured portal was not reached for all of ${wanted}: ${paths}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        paths.push(...(await reached(origin)));
      }
      const img = header.shadowRoot!.querySelector('img')!;
      expect(img.src).to.equal(`${origin}/media/logo.svg`);
      launcher.close();
      header.remove();
    } finally {
      meta.remove();
    }
  });

  it("configurePortal: the signed-in user's avatar comes from it, and the name leads to its console", async () => {
    const origin = await secondPortal();
    // The account service stays on this page's server, which knows the test users.
    configurePortal({ origin, env: { accountServer: location.origin } });
    try {
      await startPortalSession();
      const user = { name: '张工', headImg: '/media/avatar.svg', userName: 'demo', mobile: '', companyId: '1001' };
      setUserInfo({ ...user, potalStatus: true });
      const login = document.createElement('portal-login');
      document.body.append(login);
      await waitFor(() => login.shadowRoot?.querySelector('img.avatar'), 'signed in', 3000);
      expect(login.shadowRoot!.querySelector('img')!.src).to.equal(`${origin}/media/avatar.svg`);
      const consoleOrigin = origin.replace(/:(\d+)$/, (_, port) => `:${Number(port) + 1}`);
      expect(login.shadowRoot!.querySelector('a')!.href).to.equal(`${consoleOrigin}/welcome`);
      login.remove();
    } finally {
      document.querySelector('meta[name=portal-origin]')?.remove();
    }
  });

  it('configurePortal refuses an address that is not one, saying which', () => {
    expect(() => configurePortal({ origin: 'portal.example' })).to.throw(/portal\.example/);
    expect(() => configurePortal({ env: 'staging' as never })).to.throw(/staging/);
  });
});
