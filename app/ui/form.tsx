import type { ReactNode } from "react";

/** Form controls shared by every merchant form: label, control, inline Spanish error. */
interface ControlProps {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
}

function Shell({ id, label, error, hint, children }: ControlProps & { id: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <p className="field-hint">{hint}</p>}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

const invalid = (id: string, error?: string) =>
  error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};

export function Field(
  props: ControlProps & {
    type?: string;
    defaultValue?: string;
    autoComplete?: string;
    required?: boolean;
    inputMode?: "numeric" | "email" | "text" | "decimal" | "tel";
    maxLength?: number;
    pattern?: string;
    placeholder?: string;
  },
) {
  const id = `f-${props.name}`;
  return (
    <Shell id={id} {...props}>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        defaultValue={props.defaultValue}
        autoComplete={props.autoComplete}
        required={props.required}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        pattern={props.pattern}
        placeholder={props.placeholder}
        {...invalid(id, props.error)}
      />
    </Shell>
  );
}

export function TextAreaField(props: ControlProps & { defaultValue?: string; maxLength?: number; rows?: number }) {
  const id = `f-${props.name}`;
  return (
    <Shell id={id} {...props}>
      <textarea
        id={id}
        name={props.name}
        defaultValue={props.defaultValue}
        maxLength={props.maxLength}
        rows={props.rows ?? 3}
        {...invalid(id, props.error)}
      />
    </Shell>
  );
}

export function SelectField(
  props: ControlProps & { defaultValue?: string; options: readonly { value: string; label: string }[] },
) {
  const id = `f-${props.name}`;
  return (
    <Shell id={id} {...props}>
      <select id={id} name={props.name} defaultValue={props.defaultValue} {...invalid(id, props.error)}>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

export function FormAlert({ title, description }: { title: string; description?: string }) {
  return (
    <div className="form-alert" role="alert">
      <strong>{title}</strong>
      {description && <span> — {description}</span>}
    </div>
  );
}
