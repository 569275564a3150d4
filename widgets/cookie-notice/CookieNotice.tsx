import { useEffect, useRef, useState } from 'react';
import { CONSENT_EXIT_MS, PRIVACY_POLICY_PATH } from '../../contract/cookie-consent';
import { CLOSE_ICON_PATH, COOKIE_NOTICE_TEXT } from '../../contract/cookie-notice-texts';
import { portalUrl } from '../core/config';
import type { ElementProps } from '../core/define';
import { emit } from '../core/emit';
import { resolveLang } from '../core/i18n';
import { useStore } from '../core/use-store';
import { $consent, agree, dismiss } from './consent';

/** Length of the exit animation; the notice unmounts when it ends (SPEC §9). */
export const EXIT_MS = CONSENT_EXIT_MS;

/**
 * Set on the page's root while the notice shows: its height, so floating controls
 * (the chat launcher and panel, the floating buttons) stand above it rather than under it.
 */
export const HEIGHT_PROPERTY = '--portal-cookie-notice-height';

const TEXT = COOKIE_NOTICE_TEXT;

export interface CookieNoticeProps extends ElementProps {
  lang?: string;
}

export function CookieNotice({ host, lang }: CookieNoticeProps) {
  const shown = useStore($consent) === 'pending';
  const [leaving, setLeaving] = useState(false);
  const text = TEXT[resolveLang(host, lang)];

  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => setLeaving(false), EXIT_MS);
    return () => clearTimeout(timer);
  }, [leaving]);

  const visible = shown || leaving;
  // The bar as rendered (the shadow root may start with the server's styles).
  const barRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const bar = barRef.current;
    // Not in jsdom, the DOM of Jest and Vitest (issue #34): there the height is not published.
    if (!visible || !bar || !self.ResizeObserver) return;
    const page = document.documentElement.style;
    const observer = new ResizeObserver(() => page.setProperty(HEIGHT_PROPERTY, `${bar.offsetHeight}px`));
    observer.observe(bar);
    return () => {
      observer.disconnect();
      page.removeProperty(HEIGHT_PROPERTY);
    };
  }, [visible]);

  if (!visible) return null;

  const onAgree = () => {
    agree();
    setLeaving(true);
    emit(host, 'portal-cookie-notice-agree');
  };
  const onClose = () => {
    dismiss();
    emit(host, 'portal-cookie-notice-close');
  };

  return (
    <section
      ref={barRef}
      className="notice"
      part="notice"
      aria-label={text.region}
      data-state={leaving ? 'leaving' : 'shown'}
    >
      <p className="text" part="text">
        {text.before}
        <a href={portalUrl(PRIVACY_POLICY_PATH)} part="link">
          {text.policy}
        </a>
        {text.after}
      </p>
      <div className="actions">
        <button type="button" className="agree" part="agree-button" onClick={onAgree} disabled={leaving}>
          {text.agree}
        </button>
        <button
          type="button"
          className="close"
          part="close-button"
          aria-label={text.close}
          title={text.close}
          onClick={onClose}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d={CLOSE_ICON_PATH} stroke="currentColor" stroke-width="1.8" stroke-linecap="round" />
          </svg>
        </button>
      </div>
    </section>
  );
}
