import { portalAccount } from '../core/account/portal-account';
import { $userInfo } from '../core/stores';
import { certificationUrl, managerSettingUrl, type Obstacle } from '../order-guard/checks';
import { PROMPTS } from '../order-guard/prompts';

/**
 * What an order page shows instead of its content when the user may not order:
 * the guard's message with its one way forward.
 */
export function AccessNotice({ obstacle }: { obstacle: Obstacle }) {
  const text = PROMPTS['zh-CN'][obstacle];
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
