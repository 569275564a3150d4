import { portalAccount } from '../core/account/portal-account';
import type { Lang } from '../core/i18n';
import { $userInfo } from '../core/stores';
import { certificationUrl, managerSettingUrl, type Obstacle } from '../order-guard/checks';
import { PROMPTS } from '../order-guard/prompts';

/**
 * What an order page shows instead of its content when the user may not order:
 * the guard's message with its one way forward.
 */
export function AccessNotice({ obstacle, lang }: { obstacle: Obstacle; lang: Lang }) {
  const text = PROMPTS[lang][obstacle];
  const companyId = $userInfo.get()?.companyId;
  const go = () => {
    if (obstacle === 'login') portalAccount().login();
    else if (obstacle === 'certify') window.open(certificationUrl(companyId), '_blank', 'noopener');
    else location.assign(managerSettingUrl(companyId));
  };
  return (
    <div className="notice" role="alert" part="notice" data-obstacle={obstacle}>
      <p>{text.message}</p>
      <button type="button" className="primary" onClick={go}>
        {text.go}
      </button>
    </div>
  );
}
