import { expect } from 'chai';
import { saveTokens } from '../core/tokens';
import { waitFor } from '../test-support/wait';
import { XSS_PAYLOADS } from '../test-support/xss-payloads';
import { sanitizeAgreement } from './sanitize';
import './agreement-dialog.element';

declare global {
  interface Window {
    __xss?: string;
  }
}

describe('<portal-agreement-dialog> with hostile agreement HTML', () => {
  it('runs none of the payloads and keeps no script, handler, javascript: URL, form or frame', async () => {
    saveTokens({ accessToken: 'at-xss', refreshToken: 'rt-xss', expiresAt: Date.now() + 3_600_000 });
    const element = document.createElement('portal-agreement-dialog');
    document.body.append(element);
    await waitFor(() => element.shadowRoot?.querySelector('dialog[open]'), 'the dialog', 10_000);
    const content = element.shadowRoot?.querySelector('.agreement-content') as HTMLElement;
    expect(content.querySelector('#kept, p')?.textContent).to.equal('正文仍然显示');
    // Let any handler, frame or refresh that slipped through have its go.
    for (const link of content.querySelectorAll('a')) link.click();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(window.__xss).to.equal(undefined);
    expect(
      content.querySelector('script, iframe, object, embed, form, input, button, style, meta, base, svg, math'),
    ).to.equal(null);
    for (const node of content.querySelectorAll('*')) {
      for (const attribute of node.attributes) {
        expect(attribute.name, `${node.localName} keeps ${attribute.name}`).not.to.match(/^on/i);
        expect(attribute.value, `${node.localName}[${attribute.name}]`).not.to.match(/javascript:/i);
        expect(attribute.name).not.to.equal('style');
      }
    }
  });

  for (const payload of XSS_PAYLOADS) {
    it(`sanitises ${payload.slice(0, 60)}`, () => {
      const clean = sanitizeAgreement(payload);
      expect(clean).not.to.match(/<script|<iframe|<form|<object|<embed|<svg|<math|<base|<meta|\son\w+=|javascript:/i);
    });
  }
});
