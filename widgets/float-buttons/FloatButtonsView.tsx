import type { Lang } from '../core/i18n';

export interface FloatButtonsViewProps {
  lang: Lang;
  /** The contact button: left out where the chat launcher is on the page (one way into the chat). */
  contact: boolean;
  onContact?: () => void;
  onTop?: () => void;
}

const TEXT = {
  'zh-CN': { contact: '联系我们', top: '返回顶部' },
  en: { contact: 'Contact us', top: 'Back to top' },
} as const;

/** Back to top, and contact where the page has no chat launcher, fixed at the side of the viewport. */
export function FloatButtonsView({ lang, contact, onContact, onTop }: FloatButtonsViewProps) {
  const text = TEXT[lang];
  return (
    <div className="buttons" part="buttons">
      {contact && (
        <button
          type="button"
          className="button contact"
          part="contact-button"
          aria-label={text.contact}
          onClick={onContact}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" />
          </svg>
          <span className="label" aria-hidden="true">
            {text.contact}
          </span>
        </button>
      )}
      <button type="button" className="button" part="top-button" aria-label={text.top} title={text.top} onClick={onTop}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M12 19V6M6 11l6-6 6 6"
            fill="none"
            stroke="currentColor"
            stroke-width="2"
            stroke-linecap="round"
            stroke-linejoin="round"
          />
        </svg>
      </button>
    </div>
  );
}
