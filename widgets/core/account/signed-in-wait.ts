import { checkOnLoad, someone } from './sign-in-check';

/**
 * For an element that waits for a user (`load-on="signed-in"`): marks it
 * `data-signed-out` once the check as the page loads finds no one (the sign-in
 * shows 登录 by it), and calls `load` once someone may be signed in, as the page
 * loads or later.
 */
export function waitForSignIn(element: Element, load: () => unknown): void {
  void checkOnLoad().then((found) => found || element.toggleAttribute('data-signed-out', true));
  void someone.then(() => {
    element.removeAttribute('data-signed-out');
    load();
  });
}
