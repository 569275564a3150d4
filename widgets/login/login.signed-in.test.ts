import { expect } from 'chai';
import { renderToString } from 'preact-render-to-string';
import { createElement } from 'react';
import { localEnvironment } from '../core/env';
import { setUserInfo } from '../core/stores';
import { $tokens } from '../core/tokens';
import { axeViolations } from '../test-support/axe';
import { waitFor } from '../test-support/wait';
import { LoginView } from './LoginView';
import './login.element';

describe('<portal-login> signed in', () => {
  it("shows the user's avatar and name linking to the console, and a sign-out button", async () => {
    // In memory only: test files run side by side on one origin and share its storage.
    $tokens.set({ accessToken: 'at-demo', refreshToken: 'rt-demo', expiresAt: Date.now() + 3_600_000 });
    let signedIn: unknown;
    document.addEventListener('portal-login-signed-in', (event) => {
      signedIn = event.detail;
    });
    const element = document.createElement('portal-login');
    document.body.append(element);
    await waitFor(() => element.shadowRoot?.querySelector('[data-state="signed-in"]'), 'signed in', 4000);
    const link = element.shadowRoot!.querySelector<HTMLAnchorElement>('a.user')!;
    expect(link.textContent).to.equal('张工');
    expect(link.href).to.equal(`${localEnvironment().console}/welcome`);
    expect(element.shadowRoot!.querySelector('img.avatar')?.getAttribute('alt')).to.equal('');
    expect(element.shadowRoot!.querySelector('button')?.getAttribute('aria-label')).to.equal('退出登录');
    await waitFor(() => signedIn, 'the signed-in event');
    expect(signedIn).to.deep.equal({ name: '张工', companyId: '1001' });
    expect(await axeViolations(element)).to.deep.equal([]);
    $tokens.set(null);
  });

  it('tells the page when the sign-in ends or starts elsewhere (another tab or origin)', async () => {
    for (const other of document.querySelectorAll('portal-login')) other.remove();
    setUserInfo(null);
    const element = document.createElement('portal-login');
    document.body.append(element);
    const events: string[] = [];
    for (const type of ['portal-login-signed-in', 'portal-login-signed-out'] as const) {
      element.addEventListener(type, (event) => events.push(`${event.type} ${JSON.stringify(event.detail ?? null)}`));
    }
    const user = { name: '李工', headImg: '', userName: 'li', mobile: '', companyId: '1002', potalStatus: false };
    setUserInfo(user);
    await waitFor(() => element.shadowRoot?.querySelector('[data-state="signed-in"]'), 'signed in');
    setUserInfo(null);
    await waitFor(() => element.shadowRoot?.querySelector('[data-state="signed-out"]'), 'signed out');
    setUserInfo({ ...user });
    await waitFor(() => events.length === 3, 'three events');
    expect(events).to.deep.equal([
      'portal-login-signed-in {"name":"李工","companyId":"1002"}',
      'portal-login-signed-out null',
      'portal-login-signed-in {"name":"李工","companyId":"1002"}',
    ]);
    element.remove();
  });

  it("takes over the server's spinner when the sign-in is known before it hydrates", async () => {
    for (const other of document.querySelectorAll('portal-login')) other.remove();
    setUserInfo({ name: '王工', headImg: '', userName: 'wang', mobile: '', companyId: '1003', potalStatus: false });
    // As the portal's pages draw it (host/pages/chrome.tsx): the spinner, in a declarative shadow root.
    const spinner = renderToString(
      createElement(LoginView, { lang: 'zh-CN', state: 'loading', welcomeUrl: '', base: '', mobile: false }),
    );
    const holder = document.createElement('div');
    holder.setHTMLUnsafe(
      `<portal-login lang="zh-CN"><template shadowrootmode="open">${spinner}</template></portal-login>`,
    );
    const element = holder.firstElementChild as HTMLElement;
    document.body.append(element);
    await waitFor(() => element.shadowRoot?.querySelector('a.user'), "the user's link");
    const box = element.shadowRoot!.querySelector('[part~="login"]')!;
    expect(box.getAttribute('data-state')).to.equal('signed-in');
    expect(element.shadowRoot!.querySelector('[part~="spinner"]')).to.equal(null);
    element.remove();
  });
});
