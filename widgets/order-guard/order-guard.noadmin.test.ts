import { sendKeys } from '@web/test-runner-commands';
import { expect } from 'chai';
import { localEnvironment } from '../core/env';
import { saveTokens } from '../core/tokens';
import { waitFor } from '../test-support/wait';
import { managerSettingUrl } from './checks';
import { guardedLink, openPrompt, promptOf } from './test-helpers';

describe('<portal-order-guard> without an administrator', () => {
  saveTokens({ accessToken: 'at-noadmin', refreshToken: 'rt-n', expiresAt: Date.now() + 3_600_000 });

  it('warns with its one button, go to set up; Escape closes it', async () => {
    const { guard, link } = guardedLink();
    const dialog = await openPrompt(guard, link);
    expect(dialog.querySelector('[part="message"]')?.textContent).to.equal('该企业还未设置管理员，请先完成管理员设置');
    expect([...dialog.querySelectorAll('.actions button')].map((b) => b.textContent)).to.deep.equal(['去设置']);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !promptOf(guard), 'the prompt closes');
    expect(location.hash).to.equal('');
  });

  it('sends to the manager-setting page with the company and a way back carrying webneedrefresh=true', () => {
    const url = new URL(managerSettingUrl('1003', 'https://portal.example/product/1?x=1'));
    expect(`${url.origin}${url.pathname}`).to.equal(`${localEnvironment().console}/company/manager-setting`);
    expect(url.searchParams.get('companyId')).to.equal('1003');
    expect(url.searchParams.get('redirectUrl')).to.equal('https://portal.example/product/1?x=1&webneedrefresh=true');
  });
});
