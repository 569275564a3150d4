/** Form parts the page desks share beyond studio-page.tsx's `Field`: a choice of one, and check boxes. */

const describedBy = (name: string, error?: string) => (error ? `field-${name}-error` : undefined);

function FieldError({ name, error }: { name: string; error?: string }) {
  return error ? (
    <p className="field-error" id={`field-${name}-error`}>
      {error}
    </p>
  ) : null;
}

/** One of a few options, as a select. */
export function Choice(props: {
  name: string;
  label: string;
  value?: string;
  error?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <>
      <label htmlFor={`field-${props.name}`}>{props.label}</label>
      <select
        id={`field-${props.name}`}
        name={props.name}
        defaultValue={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props.name, props.error)}
      >
        <option value="">请选择</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError name={props.name} error={props.error} />
    </>
  );
}

/** Any number of items, as check boxes; `value` is the chosen ids, comma-separated (as the form keeps them). */
export function Choices(props: {
  name: string;
  legend: string;
  value?: string;
  error?: string;
  options: ReadonlyArray<{ id: number; label: string }>;
}) {
  const chosen = new Set((props.value ?? '').split(','));
  return (
    <fieldset aria-describedby={describedBy(props.name, props.error)}>
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <label className="check" key={option.id}>
          <input
            type="checkbox"
            name={props.name}
            value={String(option.id)}
            defaultChecked={chosen.has(String(option.id))}
          />
          {option.label}
        </label>
      ))}
      <FieldError name={props.name} error={props.error} />
    </fieldset>
  );
}

/** A list inside an item, one entry a line, its parts split by `|`, as the form shows it. */
export const asLines = (rows: ReadonlyArray<Record<string, string | number>>, parts: readonly string[]) =>
  rows.map((row) => parts.map((part) => String(row[part] ?? '')).join(' | ')).join('\n');
