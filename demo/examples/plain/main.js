// @ts-check
// The script of index.html, type-checked against the published declarations.
/** @typedef {import('industrial-portal').PortalLang} PortalLang */

const greeting = /** @type {HTMLParagraphElement} */ (document.getElementById('greeting'));
const login = document.querySelector('portal-login');

login?.addEventListener('portal-login-signed-in', (event) => {
  greeting.textContent = `${event.detail.name}, company ${event.detail.companyId ?? '-'}`;
});
document.addEventListener('portal-cookie-notice-agree', () => {
  greeting.textContent = 'thank you';
});

/** @param {PortalLang} lang */
function switchLanguage(lang) {
  document.documentElement.lang = lang;
  for (const element of document.querySelectorAll('portal-header, portal-login, portal-cookie-notice')) {
    element.setAttribute('lang', lang);
  }
}
switchLanguage('en');
// @ts-expect-error only zh-CN and en are languages of the widgets
switchLanguage('fr');
// @ts-expect-error the detail has no such field
login?.addEventListener('portal-login-signed-in', (event) => event.detail.password);
