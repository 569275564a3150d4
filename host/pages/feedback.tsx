import type { ReactNode } from 'react';
import { FEEDBACK_LIMITS, FEEDBACK_TOPICS, type FeedbackErrors, type FeedbackTopic } from '../../contract/feedback';
import { Breadcrumb } from './content/parts';
import { type PageContext, renderDocument } from './document';

export type FeedbackState =
  | { kind: 'form'; values?: Record<string, string>; errors?: FeedbackErrors; problem?: string }
  | { kind: 'sent' };

function Field({
  name,
  label,
  error,
  hint,
  children,
}: {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'field invalid' : 'field'}>
      <label htmlFor={name}>{label}</label>
      {children}
      {hint && (
        <p className="hint" id={`${name}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="error" id={`${name}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** What describes a field to assistive technology: its hint and its error. */
const describedBy = (name: string, hint: boolean, error?: string) =>
  [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(' ') || undefined;

/**
 * The feedback form. The browser checks the same limits as the server (required,
 * lengths, the contact pattern) before sending; the server answers a rejected
 * entry with this page again, every value kept and each error beside its field.
 */
export function renderFeedback(context: PageContext, state: FeedbackState, status = 200): string {
  const values = state.kind === 'form' ? (state.values ?? {}) : {};
  const errors = state.kind === 'form' ? (state.errors ?? {}) : {};
  const topic = (values.topic ?? '') as FeedbackTopic | '';
  return renderDocument(
    {
      title:
        state.kind === 'sent' ? '反馈已提交 - 智造云' : `${status === 200 ? '' : '提交未成功 - '}意见反馈 - 智造云`,
      description: '向智造云提交产品咨询、售后服务、网站问题或合作洽谈等意见反馈。',
      canonical: '/feedback',
      children: (
        <main id="main" className="page narrow">
          <Breadcrumb trail={[{ label: '意见反馈' }]} />
          <h1>意见反馈</h1>
          {state.kind === 'sent' ? (
            <div className="confirmation" role="status">
              <h2>感谢您的反馈，我们已收到！</h2>
              <p>客服人员将在 1 个工作日内与您联系。如需紧急处理，请拨打服务热线。</p>
              <p className="actions">
                <a className="button primary" href="/home">
                  返回首页
                </a>
                <a className="button" href="/feedback">
                  继续反馈
                </a>
              </p>
            </div>
          ) : (
            <form className="form" method="post" action="/feedback">
              {state.problem && (
                <p className="form-problem" role="alert">
                  {state.problem}
                </p>
              )}
              {Object.keys(errors).length > 0 && (
                <p className="form-problem" role="alert">
                  提交未成功，请按提示修改后重新提交。
                </p>
              )}
              <Field name="topic" label="反馈类型" error={errors.topic}>
                <select
                  id="topic"
                  name="topic"
                  required
                  defaultValue={topic}
                  aria-invalid={errors.topic ? true : undefined}
                  aria-describedby={describedBy('topic', false, errors.topic)}
                >
                  <option value="" disabled>
                    请选择
                  </option>
                  {Object.entries(FEEDBACK_TOPICS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </Field>
              <Field
                name="content"
                label="反馈内容"
                error={errors.content}
                hint={`${FEEDBACK_LIMITS.content.min}～${FEEDBACK_LIMITS.content.max} 个字`}
              >
                <textarea
                  id="content"
                  name="content"
                  required
                  rows={6}
                  minLength={FEEDBACK_LIMITS.content.min}
                  maxLength={FEEDBACK_LIMITS.content.max}
                  defaultValue={values.content ?? ''}
                  aria-invalid={errors.content ? true : undefined}
                  aria-describedby={describedBy('content', true, errors.content)}
                />
              </Field>
              <Field name="contactName" label="联系人" error={errors.contactName}>
                <input
                  id="contactName"
                  name="contactName"
                  required
                  maxLength={FEEDBACK_LIMITS.contactName.max}
                  autoComplete="name"
                  defaultValue={values.contactName ?? ''}
                  aria-invalid={errors.contactName ? true : undefined}
                  aria-describedby={describedBy('contactName', false, errors.contactName)}
                />
              </Field>
              <Field name="contact" label="手机号或邮箱" error={errors.contact} hint="仅用于回复您的反馈">
                <input
                  id="contact"
                  name="contact"
                  required
                  maxLength={FEEDBACK_LIMITS.contact.max}
                  pattern={FEEDBACK_LIMITS.contact.pattern}
                  title="请填写正确的手机号或邮箱"
                  defaultValue={values.contact ?? ''}
                  aria-invalid={errors.contact ? true : undefined}
                  aria-describedby={describedBy('contact', true, errors.contact)}
                />
              </Field>
              <p className="actions">
                <button className="button primary" type="submit">
                  提交反馈
                </button>
              </p>
            </form>
          )}
        </main>
      ),
    },
    context,
  );
}
