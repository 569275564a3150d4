import type { ReactNode } from 'react';
import { renderServicePage } from '../service-page';
import { may } from '../staff/roles';
import type { StaffMember } from '../staff/staff-store';
import { RichTextAssets } from './rich-text-field';
import { STUDIO_STYLE } from './studio-style';

export interface StudioPageProps {
  nonce: string;
  title: string;
  /** The signed-in member (none on the sign-in and first-administrator pages). */
  staff?: StaffMember;
  /** The navigation entry this page belongs to. */
  current?: string;
  /** The sign-out form's CSRF token. */
  csrf?: string;
  narrow?: boolean;
  /** The page has a RichTextField: the editor's script and style load. */
  richText?: boolean;
  children: ReactNode;
}

/** The studio's sections, each shown to the members allowed in it. */
const SECTIONS = [
  { href: '/studio', label: '概览', shown: () => true },
  { href: '/studio/content', label: '内容', shown: (staff: StaffMember) => may(staff.roles, 'draft') },
  { href: '/studio/orders', label: '订单', shown: (staff: StaffMember) => may(staff.roles, 'orders') },
  { href: '/studio/feedback', label: '反馈', shown: (staff: StaffMember) => may(staff.roles, 'feedback') },
  { href: '/chat/agent', label: '客服工作台', shown: (staff: StaffMember) => may(staff.roles, 'chat') },
  { href: '/studio/staff', label: '员工', shown: (staff: StaffMember) => may(staff.roles, 'staff') },
  { href: '/studio/audit', label: '操作记录', shown: (staff: StaffMember) => may(staff.roles, 'staff') },
  { href: '/studio/account', label: '我的账号', shown: () => true },
];

/** A page of the studio: its bar (sections, who is signed in, 退出) and the page's own body. */
export function renderStudioPage({
  nonce,
  title,
  staff,
  current,
  csrf,
  narrow,
  richText,
  children,
}: StudioPageProps): string {
  return renderServicePage({
    nonce,
    title: `${title} - 内容工作室`,
    style: STUDIO_STYLE,
    icon: '/favicon.svg',
    head: richText && <RichTextAssets nonce={nonce} />,
    children: (
      <>
        <a className="skip" href="#main">
          跳到正文
        </a>
        <header className="bar">
          <p className="brand">内容工作室</p>
          {staff && (
            <>
              <nav aria-label="工作室">
                <ul>
                  {SECTIONS.filter((section) => section.shown(staff)).map((section) => (
                    <li key={section.href}>
                      <a href={section.href} aria-current={section.href === current ? 'page' : undefined}>
                        {section.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
              <div className="who">
                <span>{staff.name}</span>
                <form method="post" action="/studio/logout">
                  <input type="hidden" name="csrf" value={csrf} />
                  <button type="submit">退出</button>
                </form>
              </div>
            </>
          )}
        </header>
        <main id="main" className={narrow ? 'narrow' : undefined}>
          {children}
        </main>
      </>
    ),
  });
}

/** A labelled input with its hint and its error, tied to it for screen readers. */
export function Field(props: {
  name: string;
  label: string;
  type?: 'text' | 'password' | 'date';
  /** A text of several lines (rows), instead of one line. */
  rows?: number;
  value?: string;
  error?: string;
  hint?: string;
  autoComplete?: string;
  maxLength?: number;
  /** Not required (an image address left empty for the site's own). */
  optional?: boolean;
}) {
  const id = `field-${props.name}`;
  const described = [props.hint && `${id}-hint`, props.error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <label htmlFor={id}>{props.label}</label>
      {props.rows ? (
        <textarea
          id={id}
          name={props.name}
          rows={props.rows}
          defaultValue={props.value}
          maxLength={props.maxLength}
          required={!props.optional}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={described}
        />
      ) : (
        <input
          id={id}
          name={props.name}
          {...(props.type === 'password'
            ? { type: 'password' as const }
            : props.type === 'date'
              ? { type: 'date' as const }
              : { type: 'text' as const })}
          defaultValue={props.type === 'password' ? undefined : props.value}
          autoComplete={props.autoComplete}
          maxLength={props.maxLength ?? 200}
          required={!props.optional}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={described}
        />
      )}
      {props.hint && (
        <p className="hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p className="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </>
  );
}

/** A button that posts to `action` with the page's CSRF token (and hidden `fields`): one action, one form. */
export function PostButton(props: {
  action: string;
  csrf: string;
  label: string;
  className?: string;
  /** The button's name when its text alone does not say which one it is. */
  ariaLabel?: string;
  fields?: Record<string, string>;
}) {
  return (
    <form method="post" action={props.action}>
      <input type="hidden" name="csrf" value={props.csrf} />
      {Object.entries(props.fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={props.className} aria-label={props.ariaLabel}>
        {props.label}
      </button>
    </form>
  );
}

/** A new password typed twice: `label`, then 再次输入`label`, with the rule as its hint. */
export function NewPasswordFields({
  errors,
  label = '新密码',
  hint = '至少 10 位',
}: {
  errors: Record<string, string>;
  label?: string;
  hint?: string;
}) {
  return (
    <>
      <Field
        name="password"
        label={label}
        type="password"
        error={errors.password}
        autoComplete="new-password"
        hint={hint}
      />
      <Field
        name="confirm"
        label={`再次输入${label}`}
        type="password"
        error={errors.confirm}
        autoComplete="new-password"
      />
    </>
  );
}

/** What a refused form says at its top, before the fields' own messages. */
export function FormErrors({ errors }: { errors: Record<string, string> }) {
  const count = Object.keys(errors).length;
  if (!count) return null;
  return (
    <p className="error" role="alert">
      {errors[''] ?? `有 ${count} 处需要修改，请看各项下方的说明。`}
    </p>
  );
}

export const Notice = ({ text }: { text?: string }) =>
  text ? (
    <p className="notice" role="status">
      {text}
    </p>
  ) : null;
