/**
 * The cookie notice's consent (SPEC §4, §9): one cookie, read by the element
 * (widgets/cookie-notice), by the portal's pages before they paint and by the
 * server, which keeps the pages of visitors who agreed apart (they carry no notice).
 */
export const CONSENT_COOKIE = 'cookie-agree';
export const CONSENT_AGREED = 'true';
/** How long the consent lasts. */
export const CONSENT_DAYS = 365;
/** Length of the notice's exit animation; it goes when it ends. */
export const CONSENT_EXIT_MS = 300;
/** Help-centre article holding the privacy policy, which the notice links. */
export const PRIVACY_POLICY_PATH = '/help?id=49';
/** Where the portal's pages post 同意 without scripts (host/routes/cookie-agree.ts). */
export const COOKIE_AGREE_PATH = '/cookie-agree';

const AGREED_IN = /(?:^|;\s*)cookie-agree=true(?:;|$)/;

/** Whether a `Cookie` header (or `document.cookie`) says the visitor agreed. */
export const agreedIn = (cookies: string | undefined): boolean => cookies !== undefined && AGREED_IN.test(cookies);
