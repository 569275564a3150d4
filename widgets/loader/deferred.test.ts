import { resetMouse, sendMouse } from '@web/test-runner-commands';
import { expect } from 'chai';
import { createElement } from 'react';
import { defineElement } from '../core/define';
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

/** Makes the page tall enough to scroll; remove what it returns afterwards. */
function tallPage(): HTMLElement {
  const spacer = document.createElement('div');
  spacer.style.height = '4000px';
  document.body.append(spacer);
  return spacer;
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

  it('gives again the clicks the loader kept before this code arrived, but not one that followed a link', async () => {
    const tag = 'x-deferred-kept';
    const { element, link, button } = waiting(tag);
    // What the loader keeps: the path of each click, while the click is dispatched.
    const kept: EventTarget[][] = [];
    const keep = (event: Event) => kept.push(event.composedPath());
    element.addEventListener('click', keep, true);
    link.addEventListener('click', (event) => event.preventDefault(), { once: true });
    link.click();
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, cancelable: true }));
    element.removeEventListener('click', keep, true);
    let buttonClicks = 0;
    let linkClicks = 0;
    button.addEventListener('click', () => buttonClicks++);
    link.addEventListener('click', (event) => {
      event.preventDefault();
      linkClicks++;
    });
    let loads = 0;
    const load = async () => {
      loads++;
      customElements.define(tag, class extends HTMLElement {});
    };
    whenNeeded(element, 'interaction', load, undefined, kept);
    expect(loads, 'the kept click brought the code').to.equal(1);
    await waitFor(() => buttonClicks === 1, 'the kept click on the button given again');
    expect(linkClicks, 'the link went at the time').to.equal(0);
    element.remove();
  });

  /** A load that counts its calls. */
  function counted() {
    const calls = { count: 0 };
    return { calls, load: async () => void calls.count++ };
  }

  it('interaction: loads on the first touch, once, and not before', async () => {
    const { element } = waiting('x-deferred-touch');
    const { calls, load } = counted();
    whenNeeded(element, 'interaction', load);
    dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.count, 'nothing asked for it yet').to.equal(0);
    element.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, composed: true }));
    expect(calls.count, 'the touch brought it').to.equal(1);
    element.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    element.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(calls.count, 'loaded once').to.equal(1);
    element.remove();
  });

  it('scroll: follows the scrolling without its code (hidden on the way down, shown on the way up), which waits for a touch', async () => {
    const spacer = tallPage();
    const { element } = waiting('x-deferred-scroll');
    const { calls, load } = counted();
    whenNeeded(element, 'scroll', load);
    // The visitor keeps scrolling, a little each frame, until the throttled check has run.
    const scrollBy = (step: number) => () => {
      scrollTo(0, scrollY + step);
      return element.hasAttribute('data-hidden') === step > 0;
    };
    await waitFor(scrollBy(40), 'hidden on the way down', 5000);
    await waitFor(scrollBy(-20), 'shown on the way up', 5000);
    expect(calls.count, 'scrolling is no interaction').to.equal(0);
    element.dispatchEvent(new Event('pointerdown'));
    expect(calls.count).to.equal(1);
    spacer.remove();
    element.remove();
    scrollTo(0, 0);
  });

  it("holds a click on the page's own link an element wraps (the order guard's) and gives it again once ready", async () => {
    const tag = 'x-deferred-guard';
    const element = document.createElement(tag);
    element.innerHTML = '<a href="#guarded-link">order</a>';
    document.body.append(element);
    const link = element.querySelector('a') as HTMLAnchorElement;
    const { calls, load } = counted();
    whenNeeded(element, 'interaction', load);
    let clicks = 0;
    link.addEventListener('click', (event) => {
      clicks++;
      event.preventDefault();
    });
    const first = new MouseEvent('click', { bubbles: true, composed: true, cancelable: true });
    link.dispatchEvent(first);
    expect(first.defaultPrevented, 'not followed before the guard is here').to.equal(true);
    expect(clicks).to.equal(0);
    expect(calls.count).to.equal(1);
    customElements.define(tag, class extends HTMLElement {});
    await waitFor(() => clicks === 1, 'given again once the element is defined');
    expect(location.hash).to.not.equal('#guarded-link');
    element.remove();
  });

  it('visible: loads when the element comes near the viewport', async () => {
    const spacer = tallPage();
    const { element } = waiting('x-deferred-visible');
    const { calls, load } = counted();
    whenNeeded(element, 'visible', load);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.count, 'far below the fold').to.equal(0);
    element.scrollIntoView();
    await waitFor(() => calls.count === 1, 'loaded once in view');
    spacer.remove();
    element.remove();
    scrollTo(0, 0);
  });

  describe('when the visitor is already there before this code arrives', () => {
    afterEach(async () => {
      await resetMouse();
      (document.activeElement as HTMLElement | null)?.blur();
      scrollTo(0, 0);
    });

    it('interaction: the pointer already resting on the element loads it at once', async () => {
      const { element } = waiting('x-deferred-hovered');
      // At the top of the page, in view whatever earlier tests left below.
      document.body.prepend(element);
      element.style.cssText = 'display: block; height: 40px';
      const box = element.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(box.x + 10), Math.round(box.y + 10)] });
      const { calls, load } = counted();
      whenNeeded(element, 'interaction', load);
      expect(calls.count).to.equal(1);
      element.remove();
    });

    it('interaction: focus already inside the element loads it at once', async () => {
      const { element, button } = waiting('x-deferred-focused');
      button.focus();
      const { calls, load } = counted();
      whenNeeded(element, 'interaction', load);
      expect(calls.count).to.equal(1);
      element.remove();
    });

    it('scroll: a page already scrolled does not load it; like interaction it waits for the element itself', async () => {
      const spacer = tallPage();
      scrollTo(0, 200);
      const { element } = waiting('x-deferred-scrolled');
      const scrolled = counted();
      whenNeeded(element, 'scroll', scrolled.load);
      expect(scrolled.calls.count, 'scroll').to.equal(0);
      const pointed = counted();
      whenNeeded(element, 'interaction', pointed.load);
      expect(pointed.calls.count, 'interaction').to.equal(0);
      spacer.remove();
      element.remove();
    });
  });

  it('holds a click made after the code arrived but before the element hydrated, and gives it after', async () => {
    const tag = 'x-deferred-hydration';
    const { element, button } = waiting(tag);
    let clicks = 0;
    const Component = () => createElement('button', { type: 'button', onClick: () => clicks++ }, 'button');
    whenNeeded(element, 'interaction', async () => void defineElement(tag, Component));
    element.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    await customElements.whenDefined(tag);
    // Defined and upgraded, but the hydration waits for a task of its own: the
    // server's button has no handler yet.
    const early = new MouseEvent('click', { bubbles: true, composed: true, cancelable: true });
    button.dispatchEvent(early);
    expect(early.defaultPrevented, 'held').to.equal(true);
    await waitFor(() => clicks === 1, 'the click given again once the component owns the button');
    element.shadowRoot?.querySelector('button')?.click();
    expect(clicks, 'the hydrated button answers by itself').to.equal(2);
    element.remove();
  });
});
