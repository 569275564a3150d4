import { useLayoutEffect, useRef } from 'react';

export interface CloseQuestionProps {
  text: { question: string; detail: string; keepReading: string; signOut: string };
  onKeepReading: () => void;
  onSignOut: () => void;
}

/**
 * The one question before the agreement dialog closes, since closing signs the
 * visitor out everywhere (SPEC §4): drawn over the dialog, the rest of which is
 * inert meanwhile. An alert dialog, so a screen reader reads the question as
 * focus lands on 继续阅读, the choice that keeps everything as it was.
 */
export function CloseQuestion({ text, onKeepReading, onSignOut }: CloseQuestionProps) {
  const keepReading = useRef<HTMLButtonElement>(null);
  // At once, in the same commit that makes the rest inert, so focus never leaves the dialog.
  useLayoutEffect(() => keepReading.current?.focus(), []);
  return (
    <div className="close-question" part="close-question">
      <div
        className="close-question-box"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="agreement-close-question"
        aria-describedby="agreement-close-detail"
      >
        <p id="agreement-close-question" className="close-question-title">
          {text.question}
        </p>
        <p id="agreement-close-detail">{text.detail}</p>
        <div className="close-question-actions">
          <button type="button" part="sign-out-button" onClick={onSignOut}>
            {text.signOut}
          </button>
          <button
            type="button"
            className="primary"
            part="keep-reading-button"
            ref={keepReading}
            onClick={onKeepReading}
          >
            {text.keepReading}
          </button>
        </div>
      </div>
    </div>
  );
}
