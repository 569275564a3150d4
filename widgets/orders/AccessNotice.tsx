import { useEffect, useRef, useState } from 'react';
import { portalAccount } from '../core/account/portal-account';
import type { Lang } from '../core/i18n';
import { $userInfo } from '../core/stores';
import { administratorMissing, certificationUrl, managerSettingUrl, type Obstacle } from '../order-guard/checks';
import { PROMPTS } from '../order-guard/prompts';
import { awaitReturn } from '../order-guard/trip';

/**
 * What an order page shows instead of its content when the user may not order:
 * the guard's message with its one way forward. Certifying happens in the
 * console's new tab; when that tab comes back to this page, this one loads
 * again, now with the order, and the returning tab closes (trip.ts).
 */
export function AccessNotice({ obstacle, lang }: { obstacle: Obstacle; lang: Lang }) {
  const text = PROMPTS[lang];
  const [adminToo, setAdminToo] = useState(false);
  const stopWaiting = useRef<() => void>(() => {});
  useEffect(() => {
    if (obstacle === 'certify') void administratorMissing().then(setAdminToo);
    return () => stopWaiting.current();
  }, [obstacle]);
  const companyId = $userInfo.get()?.companyId;
  const go = () => {
    if (obstacle === 'login') portalAccount().login();
    else if (obstacle === 'certify') {
      window.open(certificationUrl(companyId), '_blank', 'noopener');
      stopWaiting.current();
      stopWaiting.current = awaitReturn(location.href, async () => () => location.reload());
    } else location.assign(managerSettingUrl(companyId));
  };
  return (
    <div className="notice" role="alert" part="notice" data-obstacle={obstacle}>
      <p>{text[obstacle].message}</p>
      {adminToo && <p>{text.adminToo}</p>}
      <button type="button" className="primary" onClick={go}>
        {text[obstacle].go}
      </button>
    </div>
  );
}
