import { useLayoutEffect, useRef, useState } from 'react';
import { loadPortalAccount } from '../core/account/portal-session';
import type { ElementProps } from '../core/define';
import { emit } from '../core/emit';
import { resolveLang } from '../core/i18n';
import { $userInfo } from '../core/stores';
import { Modal } from '../dialog/Modal';
import { certificationUrl, currentUser, findObstacle, managerSettingUrl, type Obstacle } from './checks';
import { PROMPTS } from './prompts';

export interface OrderGuardProps extends ElementProps {
  lang?: string;
  /** Present (and not "false"): the action does not need a certified enterprise. */
  noCertification?: string;
}

/** What the guard wraps that starts an action when clicked. */
const ACTION = 'a[href], button, input[type="submit"], input[type="button"], [role="button"]';

export function OrderGuard({ host, lang, noCertification }: OrderGuardProps) {
  const text = PROMPTS[resolveLang(host, lang)];
  const [obstacle, setObstacle] = useState<Obstacle | null>(null);
  const waive = noCertification !== undefined && noCertification !== 'false';
  const waiveRef = useRef(waive);
  waiveRef.current = waive;

  // A layout effect: the listener is there as soon as the element renders, before
  // anyone can click (a plain effect waits for the next frame).
  useLayoutEffect(() => {
    void currentUser();
    let checking = false;
    let replaying = false;

    const proceed = (action: HTMLElement) => {
      const detail = { href: action.getAttribute('href') };
      if (!emit(host, 'portal-order-guard-passed', detail)) return; // the page takes it from here
      replaying = true;
      try {
        action.click();
      } finally {
        replaying = false;
      }
    };

    // Capturing on the host runs before the wrapped element's own listeners, so
    // nothing of the action happens until the checks pass.
    const onClick = (event: MouseEvent) => {
      if (replaying) return;
      const action = (event.target as Element).closest?.(ACTION) as HTMLElement | null;
      if (!action || action === host || !host.contains(action)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (checking) return;
      checking = true;
      findObstacle(waiveRef.current)
        .then((found) => (found ? setObstacle(found) : proceed(action)))
        .catch(() => {})
        .finally(() => {
          checking = false;
        });
    };
    host.addEventListener('click', onClick, true);
    return () => host.removeEventListener('click', onClick, true);
  }, [host]);

  const close = () => setObstacle(null);
  const go = () => {
    const companyId = $userInfo.get()?.companyId;
    if (obstacle === 'login') void loadPortalAccount().then((account) => account.portalAccount().login());
    else if (obstacle === 'certify') window.open(certificationUrl(companyId), '_blank', 'noopener');
    else if (obstacle === 'admin') location.assign(managerSettingUrl(companyId));
    setObstacle(null);
  };
  const prompt = obstacle && text[obstacle];

  return (
    <>
      <slot />
      {prompt && (
        <Modal
          kind={obstacle}
          title={prompt.title}
          closeLabel={text.close}
          onClose={close}
          actions={
            <>
              <button type="button" className="primary" part="go-button" onClick={go}>
                {prompt.go}
              </button>
              {prompt.cancel && (
                <button type="button" part="cancel-button" onClick={close}>
                  {prompt.cancel}
                </button>
              )}
            </>
          }
        >
          <p className="message" part="message">
            {prompt.message}
          </p>
        </Modal>
      )}
    </>
  );
}
