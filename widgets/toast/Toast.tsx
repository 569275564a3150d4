import type { ElementProps } from '../core/define';
import { $toast } from '../core/toast';
import { useStore } from '../core/use-store';

const ICONS = { error: '✕', info: 'i', success: '✓' } as const;

/**
 * The live regions stay mounted so screen readers announce each new message:
 * errors assertively (role=alert), the rest politely (role=status).
 */
export function Toast(_props: ElementProps) {
  const toast = useStore($toast);
  return (
    <>
      <div className="region" role="alert" part="alert">
        {toast?.type === 'error' && <Message key={toast.id} type="error" message={toast.message} />}
      </div>
      <div className="region" role="status" part="status">
        {toast && toast.type !== 'error' && <Message key={toast.id} type={toast.type} message={toast.message} />}
      </div>
    </>
  );
}

function Message({ type, message }: { type: keyof typeof ICONS; message: string }) {
  return (
    <p className={`toast ${type}`} part={`toast ${type}`} data-type={type}>
      <span className="icon" aria-hidden="true">
        {ICONS[type]}
      </span>
      {message}
    </p>
  );
}
