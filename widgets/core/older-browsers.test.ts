import { expect } from 'chai';
import { ELEMENTS } from '../elements';

/**
 * Features newer than the browsers the elements support (the package README's
 * "Browser support": Chrome and Edge 93, Firefox 101, Safari 16.4), removed before
 * anything of the elements is imported, as those browsers lack them. Whatever the
 * elements' code (ky, Preact and the rest included) uses of these must be behind a
 * check; `crypto.randomUUID` is missing on any page served over plain HTTP too.
 */
const NEWER: Array<[owner: object, name: string]> = [
  [URL, 'canParse'], // Chrome 120, Firefox 115, Safari 17: configurePortal threw (issue #34)
  [AbortSignal, 'any'], // Chrome 116, Firefox 124, Safari 17.4
  [Crypto.prototype, 'randomUUID'], // HTTPS pages only
  [Array.prototype, 'findLast'], // Chrome 97, Firefox 104
  [Array.prototype, 'findLastIndex'],
  [Array.prototype, 'toSorted'], // Chrome 110, Firefox 115
  [Array.prototype, 'toReversed'],
  [Array.prototype, 'toSpliced'],
  [Array.prototype, 'with'],
  [Array, 'fromAsync'], // Chrome 121
  [Object, 'groupBy'], // Chrome 117, Safari 17.4
  [Promise, 'withResolvers'], // Chrome 119, Safari 17.4
  [Element.prototype, 'checkVisibility'], // Chrome 105, Safari 17.4
  [HTMLElement.prototype, 'showPopover'], // Chrome 114, Safari 17
];
for (const [owner, name] of NEWER) Reflect.deleteProperty(owner, name);

const thrown: string[] = [];
addEventListener('error', (event) => thrown.push(event.message));
addEventListener('unhandledrejection', (event) => thrown.push(String(event.reason?.stack ?? event.reason)));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the elements in a browser without the newer features', () => {
  it('configurePortal takes an address, and refuses a malformed one naming it', async () => {
    expect(NEWER.filter(([owner, name]) => name in owner)).to.deep.equal([]);
    const { configurePortal } = await import('../index');
    expect(() => configurePortal({ origin: location.origin })).not.to.throw();
    expect(() => configurePortal({ origin: 'www.example.cn' })).to.throw(
      TypeError,
      /"www\.example\.cn" is not an address/,
    );
  });

  it('every element is defined, made and put on the page without an error', async function () {
    // Every element's code, compiled by the test server on first request: slow on a busy machine.
    this.timeout(60_000);
    for (const { module } of Object.values(ELEMENTS)) await import(`../${module}.ts`);
    for (const tag of Object.keys(ELEMENTS)) {
      expect(customElements.get(tag), tag).to.be.a('function');
      document.body.append(document.createElement(tag));
    }
    await pause(1000);
    expect(thrown).to.deep.equal([]);
    // Rendered, not merely defined: the chat launcher's button is there to press.
    expect(document.querySelector('portal-chat-launcher')?.shadowRoot?.querySelector('button')).to.exist;
  });
});
