import { sendKeys } from '@web/test-runner-commands';
import { expect } from 'chai';
import { trapFocus } from './trap-focus';

const deepActive = () => {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
};

describe('trapFocus', () => {
  it('goes round controls inside nested shadow roots, the last one included', async () => {
    const outside = document.createElement('button');
    outside.textContent = '页面上的按钮';
    const host = document.createElement('div');
    document.body.append(host, outside);
    // A dialog in a shadow root whose last control is in another element's shadow root.
    const dialog = document.createElement('div');
    const first = document.createElement('button');
    first.textContent = '第一个';
    const inner = document.createElement('span');
    const last = document.createElement('button');
    last.textContent = '最后一个';
    inner.attachShadow({ mode: 'open' }).append(last);
    dialog.append(first, inner);
    host.attachShadow({ mode: 'open' }).append(dialog);
    const trap = trapFocus(dialog, { initialFocus: () => first });
    try {
      trap.activate();
      expect(deepActive()).to.equal(first);
      await sendKeys({ press: 'Tab' });
      expect(deepActive()).to.equal(last);
      await sendKeys({ press: 'Tab' });
      expect(deepActive(), 'Tab from the last control').to.equal(first);
      await sendKeys({ press: 'Shift+Tab' });
      expect(deepActive(), 'Shift+Tab from the first control').to.equal(last);
    } finally {
      trap.deactivate();
      host.remove();
      outside.remove();
    }
  });
});
