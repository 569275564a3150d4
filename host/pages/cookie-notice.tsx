import { CONSENT_DAYS, CONSENT_EXIT_MS, COOKIE_AGREE_PATH, PRIVACY_POLICY_PATH } from '../../contract/cookie-consent';
import { CLOSE_ICON_PATH, COOKIE_NOTICE_TEXT } from '../../contract/cookie-notice-texts';
import type { Lang } from '../../contract/page-data';
import { ShadowElement } from './shadow';

/**
 * The portal's own pages draw the cookie notice themselves, with no element code:
 * in the server's HTML, so it is there at the first paint and nothing moves when
 * scripts come, and gone before the first paint for a visitor who agreed (the head
 * mark below). It looks as `<portal-cookie-notice>` does (its own stylesheet, in a
 * declarative shadow root), which stays for pages the portal does not draw.
 */

/** The host of the server-drawn notice (not a `portal-*` tag: no element code is ever fetched for it). */
export const NOTICE_ID = 'cookie-notice';

/** Marks `<html>` before the first paint when the visitor agreed: site.css hides the notice then. In the head's inline script. */
export const CONSENT_MARK = `/(^|;\\s*)cookie-agree=true(;|$)/.test(document.cookie)&&document.documentElement.setAttribute("data-cookie-agreed","")`;

/**
 * Right after the notice: publishes its height (the floating controls stand above it
 * from the first paint) and answers its buttons without any framework. 同意 sets the
 * cookie as the element does and leaves after the exit animation; close hides it
 * for this page. A page shown again from the back/forward cache after the visitor
 * agreed elsewhere drops it too. Without scripts 同意 posts its form (host/routes/cookie-agree.ts).
 */
export const NOTICE_SCRIPT = `(()=>{const d=document,h=d.documentElement,n=d.getElementById("${NOTICE_ID}");if(!n)return;if(h.hasAttribute("data-cookie-agreed"))return n.remove();const r=n.shadowRoot,b=r.querySelector("section"),s=h.style,P="--portal-cookie-notice-height",f=()=>s.setProperty(P,b.offsetHeight+"px"),o=new ResizeObserver(f),g=()=>{o.disconnect();n.remove();s.removeProperty(P)};f();o.observe(b);addEventListener("pageshow",e=>e.persisted&&/(^|;\\s*)cookie-agree=true(;|$)/.test(d.cookie)&&g());r.addEventListener("click",e=>{const t=e.target.closest("button");if(!t)return;if(t.type!="submit")return g();e.preventDefault();d.cookie="cookie-agree=true;path=/;max-age=${CONSENT_DAYS * 86400};samesite=lax"+(location.protocol=="https:"?";secure":"");t.disabled=!0;b.dataset.state="leaving";setTimeout(g,${CONSENT_EXIT_MS})})})()`;

export interface CookieNoticeBarProps {
  lang: Lang;
  /** The page's own address: where 同意 without scripts comes back to. */
  back: string;
  /** The site's public origin: the privacy link is absolute, as the element's is. */
  origin: string;
  css: string;
  noscriptCss: string;
}

/** The notice as `<portal-cookie-notice>` renders it, with 同意 in a form that works without scripts. */
export function CookieNoticeBar({ lang, back, origin, css, noscriptCss }: CookieNoticeBarProps) {
  const text = COOKIE_NOTICE_TEXT[lang];
  return (
    <>
      <ShadowElement tag="div" attributes={{ id: NOTICE_ID }} css={css} noscriptCss={noscriptCss}>
        <section className="notice" part="notice" aria-label={text.region} data-state="shown">
          <p className="text" part="text">
            {text.before}
            <a href={`${origin}${PRIVACY_POLICY_PATH}`} part="link">
              {text.policy}
            </a>
            {text.after}
          </p>
          <form className="actions" method="post" action={COOKIE_AGREE_PATH}>
            <input type="hidden" name="back" value={back} />
            <button type="submit" className="agree" part="agree-button">
              {text.agree}
            </button>
            <button type="button" className="close" part="close-button" aria-label={text.close} title={text.close}>
              <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                <path d={CLOSE_ICON_PATH} stroke="currentColor" stroke-width="1.8" stroke-linecap="round" />
              </svg>
            </button>
          </form>
        </section>
      </ShadowElement>
      <script dangerouslySetInnerHTML={{ __html: NOTICE_SCRIPT }} />
    </>
  );
}
