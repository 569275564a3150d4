import { useEffect, useRef, useState } from 'react';
import { CONTACT_NAME_MAX, type OrderField, orderErrors, QUANTITY_MAX, REMARK_MAX } from '../../contract/order';
import { randomString } from '../../contract/random-ids';
import type { ElementProps } from '../core/define';
import { emit } from '../core/emit';
import { http } from '../core/http';
import { resolveLang } from '../core/i18n';
import { currentUser, findObstacle, type Obstacle } from '../order-guard/checks';
import { AccessNotice } from '../orders/AccessNotice';
import { orderFailure, placeOrder } from '../orders/orders-api';

export interface OrderFormProps extends ElementProps {
  productId?: string;
  editionId?: string;
  lang?: string;
}

interface Company {
  companyId: number;
  companyName: string;
}

type Values = Record<'companyId' | 'quantity' | 'contactName' | 'contactPhone' | 'remark', string>;
type Errors = Partial<Record<OrderField, string>>;

/** What every control of the form carries: its name, value and error wiring. */
interface ControlAttributes {
  id: string;
  name: keyof Values;
  value: string;
  'aria-invalid': 'true' | undefined;
  'aria-describedby': string | undefined;
}

const FIELDS: Array<keyof Values> = ['companyId', 'quantity', 'contactName', 'contactPhone', 'remark'];

const TEXT = {
  'zh-CN': {
    labels: {
      companyId: '下单企业',
      quantity: '购买数量',
      contactName: '联系人',
      contactPhone: '联系电话',
      remark: '备注',
    },
    loading: '正在加载…',
    chooseCompany: '请选择下单企业',
    remarkHint: `选填，不超过 ${REMARK_MAX} 个字`,
    submit: '提交订单',
    submitting: '正在提交…',
    retrySafe: '（再次提交不会重复下单）',
    invalid: '订单信息有误',
  },
  en: {
    labels: {
      companyId: 'Ordering company',
      quantity: 'Quantity',
      contactName: 'Contact name',
      contactPhone: 'Contact phone',
      remark: 'Remark',
    },
    loading: 'Loading…',
    chooseCompany: 'Choose the ordering company',
    remarkHint: `Optional, at most ${REMARK_MAX} characters`,
    submit: 'Place order',
    submitting: 'Placing the order…',
    retrySafe: ' (submitting again will not order twice)',
    invalid: 'The order has errors',
  },
};

const newKey = () => randomString(32);

/**
 * The order form: companies from getCorrelationCompanyList, quantity, contact
 * and remark. Checked here with the schema the server checks again with; one
 * idempotency key per content, so a double click or a retry makes one order.
 */
export function OrderForm({ host, productId, editionId, lang }: OrderFormProps) {
  const language = resolveLang(host, lang);
  const t = TEXT[language];
  const [obstacle, setObstacle] = useState<Obstacle | null>(null);
  const [companies, setCompanies] = useState<Company[] | null>(null);
  const [values, setValues] = useState<Values>({
    companyId: '',
    quantity: '1',
    contactName: '',
    contactPhone: '',
    remark: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef(newKey());
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    void (async () => {
      const user = await currentUser();
      const found = await findObstacle(false).catch(() => null);
      if (found) return setObstacle(found);
      const list =
        (await http
          .post<Company[]>('/api-kernel-portal/api/getCorrelationCompanyList', { productNo: String(productId ?? '') })
          .then((answer) => answer.result)
          .catch(() => [])) ?? [];
      setCompanies(list);
      setValues((v) => ({
        ...v,
        companyId: list.length === 1 ? String(list[0]?.companyId) : v.companyId,
        contactName: v.contactName || user?.name || '',
        contactPhone: v.contactPhone || user?.mobile || '',
      }));
    })();
  }, [productId]);

  if (obstacle) return <AccessNotice obstacle={obstacle} lang={language} />;
  if (!companies)
    return (
      <p className="status" role="status">
        {t.loading}
      </p>
    );

  const change = (name: keyof Values) => (event: Event) => {
    const value = (event.target as HTMLInputElement).value;
    setValues((v) => ({ ...v, [name]: value }));
    key.current = newKey(); // other content is another order
  };

  const focusFirstError = (found: Errors) => {
    const first = FIELDS.find((name) => found[name]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    const order = {
      productId: Number(productId),
      editionId: Number(editionId),
      companyId: values.companyId ? Number(values.companyId) : undefined,
      quantity: values.quantity.trim() ? Number(values.quantity) : undefined,
      contactName: values.contactName,
      contactPhone: values.contactPhone,
      remark: values.remark,
      idempotencyKey: key.current,
    };
    const found = orderErrors(order, language);
    setErrors(found);
    setMessage('');
    if (Object.keys(found).length) return focusFirstError(found);
    setBusy(true);
    try {
      const placed = await placeOrder(order as never);
      emit(host, 'portal-order-form-placed', { orderNo: placed.orderNo });
      location.assign(`/order/success?orderNo=${encodeURIComponent(placed.orderNo)}`);
    } catch (error) {
      const failure = await orderFailure(error, language);
      if (failure.kind === 'obstacle') setObstacle(failure.obstacle);
      else if (failure.kind === 'invalid') {
        setErrors(failure.errors);
        setMessage(failure.message);
        focusFirstError(failure.errors);
      } else setMessage(failure.kind === 'other' ? `${failure.message}${t.retrySafe}` : t.invalid);
      setBusy(false);
    }
  };

  /** A labelled control with its error; `control` gets the attributes every control carries. */
  const field = (name: keyof Values, control: (common: ControlAttributes) => unknown) => {
    const error = errors[name] || (name === 'companyId' ? errors.productId || errors.editionId : undefined);
    const errorId = `${name}-error`;
    return (
      <div className="field" data-invalid={error ? 'true' : undefined}>
        <label htmlFor={`order-${name}`}>{t.labels[name]}</label>
        {control({
          id: `order-${name}`,
          name,
          value: values[name],
          'aria-invalid': errors[name] ? 'true' : undefined,
          'aria-describedby': error ? errorId : undefined,
        })}
        {error && (
          <p className="error" id={errorId}>
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form ref={form} className="form" part="form" noValidate onSubmit={submit} aria-busy={busy}>
      {field('companyId', (common) => (
        <select {...common} required onChange={change('companyId')}>
          <option value="">{t.chooseCompany}</option>
          {companies.map((c) => (
            <option key={c.companyId} value={String(c.companyId)}>
              {c.companyName}
            </option>
          ))}
        </select>
      ))}
      {field('quantity', (common) => (
        <input
          {...common}
          type="number"
          inputMode="numeric"
          min={1}
          max={QUANTITY_MAX}
          required
          onInput={change('quantity')}
        />
      ))}
      {field('contactName', (common) => (
        <input
          {...common}
          autoComplete="name"
          required
          maxLength={CONTACT_NAME_MAX * 2}
          onInput={change('contactName')}
        />
      ))}
      {field('contactPhone', (common) => (
        <input {...common} type="tel" autoComplete="tel" required onInput={change('contactPhone')} />
      ))}
      {field('remark', (common) => (
        <textarea {...common} rows={3} onInput={change('remark')} placeholder={t.remarkHint} />
      ))}
      {message && (
        <p className="error" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="primary" disabled={busy}>
        {busy ? t.submitting : t.submit}
      </button>
    </form>
  );
}
