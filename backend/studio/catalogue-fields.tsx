import type { FormValues } from './content-desk';

/**
 * Pieces the catalogue's forms share: a choice from a list, a checkbox, and
 * an input of a row of fields (an edition, a chosen product), whose name is
 * the row's (`editions.0.price`): rows are extra fields of the form, read by
 * name.
 */

/** A form value by its name, the rows' fields included. */
export const formValue = <T,>(values: FormValues<T>, name: string) =>
  (values as Record<string, string | undefined>)[name];

/** The field names of `rows` rows of these fields, for the desk to keep a refused form's values. */
export const rowNames = (prefix: string, rows: number, fields: Record<string, string>) =>
  Object.fromEntries(
    Array.from({ length: rows }, (_, row) =>
      Object.entries(fields).map(([field, label]) => [`${prefix}.${row}.${field}`, `${label}（第 ${row + 1} 行）`]),
    ).flat(),
  ) as Record<string, string>;

const described = (id: string, error?: string, hint?: string) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

export function Choice(props: {
  name: string;
  label: string;
  value?: string;
  error?: string;
  /** The first choice, meaning none (e.g. 请选择). */
  none: string;
  choices: ReadonlyArray<{ id: number; label: string }>;
}) {
  const id = `field-${props.name}`;
  return (
    <>
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        name={props.name}
        defaultValue={props.value ?? ''}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described(id, props.error)}
      >
        <option value="">{props.none}</option>
        {props.choices.map((choice) => (
          <option key={choice.id} value={String(choice.id)}>
            {choice.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={props.error} />
    </>
  );
}

export function Checkbox(props: { name: string; label: string; value?: string; hint?: string }) {
  const id = `field-${props.name}`;
  return (
    <>
      <label className="check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name={props.name}
          value="on"
          defaultChecked={Boolean(props.value)}
          aria-describedby={described(id, undefined, props.hint)}
        />
        {props.label}
      </label>
      {props.hint && (
        <p className="hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
    </>
  );
}

/** One field of a row: optional (a blank row is no row), so not `required` as the desk's fields are. */
export function RowField(props: {
  name: string;
  label: string;
  value?: string;
  error?: string;
  rows?: number;
  maxLength?: number;
  inputMode?: 'decimal';
}) {
  const id = `field-${props.name}`;
  const common = {
    id,
    name: props.name,
    defaultValue: props.value,
    maxLength: props.maxLength,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': described(id, props.error),
  };
  return (
    <>
      <label htmlFor={id}>{props.label}</label>
      {props.rows ? (
        <textarea rows={props.rows} {...common} />
      ) : (
        <input type="text" autoComplete="off" inputMode={props.inputMode} {...common} />
      )}
      <FieldError id={id} error={props.error} />
    </>
  );
}

const FieldError = ({ id, error }: { id: string; error?: string }) =>
  error ? (
    <p className="field-error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;

/** How many rows a form shows: those filled, and `blank` more to add one (at most `max`). */
export function rowsShown<T>(
  values: FormValues<T>,
  prefix: string,
  fields: readonly string[],
  blank: number,
  max: number,
) {
  let filled = 0;
  for (let row = 0; row < max; row++)
    if (fields.some((field) => formValue(values, `${prefix}.${row}.${field}`))) filled = row + 1;
  return Math.min(max, filled + blank);
}

/** Entries one a line, as a textarea shows them. */
export const oneALine = (entries: readonly string[]) => entries.join('\n');
