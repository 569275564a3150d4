/** A phone's user agent, as the portal tells phones apart (core/user-agent.ts). */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

/** Makes this page's `navigator.userAgent` a phone's until the returned function is called. */
export function actAsPhone(): () => void {
  Object.defineProperty(navigator, 'userAgent', { value: PHONE_USER_AGENT, configurable: true });
  return () => Reflect.deleteProperty(navigator, 'userAgent');
}

/** The account service's hub frames on this page. */
export const hubFrames = () => document.querySelectorAll('iframe[title="sign-in sync"]').length;

/**
 * For the enclosing `describe`: a phone's visitor with nothing in this origin's
 * storage, from its first test to its last.
 */
export function asPhoneVisitor(): void {
  let restore = () => {};
  before(() => {
    localStorage.clear();
    restore = actAsPhone();
  });
  after(() => restore());
}
