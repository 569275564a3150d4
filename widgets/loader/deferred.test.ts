import { expect } from 'chai';
import { waitFor } from '../test-support/wait';
import { whenNeeded } from './deferred';

/** A server-rendered element whose code is not here yet: a link and a button in its shadow root. */
function waiting(tag: string): { element: HTMLElement; link: HTMLAnchorElement; button: HTMLButtonElement } {
  const element = document.createElement(tag);
  const root = element.attachShadow({ mode: 'open' });
  root.innerHTML = '<a href="#deferred-link">link</a><button type="button">button</button>';
  document.body.append(element);
  return {
    element,
    link: root.querySelector('a') as HTMLAnchorElement,
    button: root.querySelector('button') as HTMLButtonElement,
  };
}

describe('whenNeeded (load-on)', () => {
  it('lets a link go at once, and still holds the next click until the code is here, then replays it', async () => {
    const tag = 'x-deferred-clicks';
    const { element, link, button } = waiting(tag);
    let release: () => void = () => {};
    const loaded = new Promise<void>((resolve) => {
      release = resolve;
    });
    whenNeeded(element, 'interaction', () => loaded);
    link.click();
    expect(location.hash, 'the link went').to.equal('#deferred-link');
    let clicks = 0;
    button.addEventListener('click', () => clicks++);
    const held = new MouseEvent('click', { bubbles: true, composed: true, cancelable: true });
    button.dispatchEvent(held);
    expect(held.defaultPrevented, 'the second click is held').to.equal(true);
    expect(clicks).to.equal(0);
    customElements.define(tag, class extends HTMLElement {});
    release();
    await waitFor(() => clicks === 1, 'the held click given again once the element is defined');
    element.remove();
    history.replaceState(null, '', location.pathname + location.search);
  });
});
