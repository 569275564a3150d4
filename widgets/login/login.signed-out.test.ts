import { expect } from 'chai';
import { isMobileUserAgent } from '../../contract/user-agent';
import { axeViolations } from '../test-support/axe';
import { waitFor } from '../test-support/wait';
import './login.element';

describe('<portal-login> signed out', () => {
  it('shows a spinner while checking, then a named sign-in button', async () => {
    localStorage.clear();
    const element = document.createElement('portal-login');
    document.body.append(element);
    await waitFor(() => element.shadowRoot?.querySelector('[data-state]'), 'rendered');
    expect(element.shadowRoot!.querySelector('[data-state]')!.getAttribute('data-state')).to.equal('loading');
    expect(element.shadowRoot!.querySelector('[role="status"]')?.getAttribute('aria-label')).to.equal(
      '正在检查登录状态',
    );
    await waitFor(() => element.shadowRoot!.querySelector('[data-state="signed-out"]'), 'signed out', 4000);
    expect(element.shadowRoot!.querySelector('button')?.getAttribute('aria-label')).to.equal('登录');
    expect(await axeViolations(element)).to.deep.equal([]);
  });

  it('knows mobile user agents', () => {
    expect(isMobileUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).to.equal(true);
    expect(isMobileUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')).to.equal(true);
    expect(isMobileUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0')).to.equal(false);
  });
});
