import { expect } from 'chai';
import { localEnvironment } from '../core/env';
import { saveTokens } from '../core/tokens';
import { axeViolations } from '../test-support/axe';
import { waitFor } from '../test-support/wait';
import './login.element';

describe('<portal-login> signed in', () => {
  it("shows the user's avatar and name linking to the console, and a sign-out button", async () => {
    saveTokens({ accessToken: 'at-demo', refreshToken: 'rt-demo', expiresAt: Date.now() + 3_600_000 });
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
    expect(signedIn).to.deep.equal({ name: '张工', companyId: '1001' });
    expect(await axeViolations(element)).to.deep.equal([]);
    saveTokens(null);
  });
});
