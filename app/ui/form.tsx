import type { ReactNode } from "react";
import { Form } from "react-router";
import { useT } from "./messages";

/** Form controls shared by every merchant form: label, control, inline Spanish error. */
interface ControlProps {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
  /** What a screen reader names the control when the visible label is short among many alike ('Stock de M / Azul'). */
  ariaLabel?: string;
}

function Shell({ id, label, error, hint, children }: ControlProps & { id: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A control's invalid state, tied to its message (the element with id `${id}-error`). */
export const ariaInvalid = (id: string, error?: string) =>
  error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};

/** A labelled control's description: its hint (`${id}-hint`) and, when refused, its message. */
function described(id: string, { hint, error }: Pick<ControlProps, "hint" | "error">) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return { ...(error ? { "aria-invalid": true as const } : {}), ...(ids.length ? { "aria-describedby": ids.join(" ") } : {}) };
}

export function Field(
  props: ControlProps & {
    /** The control's id when a page repeats the same field in several forms; `f-${name}` by default. */
    id?: string;
    type?: string;
    defaultValue?: string;
    autoComplete?: string;
    required?: boolean;
    inputMode?: "numeric" | "email" | "text" | "decimal" | "tel";
    maxLength?: number;
    pattern?: string;
    placeholder?: string;
    /** Told of each change (the field stays uncontrolled). */
    onValue?: (value: string) => void;
  },
) {
  const id = props.id ?? `f-${props.name}`;
  return (
    <Shell {...props} id={id}>
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
        aria-label={props.ariaLabel}
        onChange={props.onValue && ((event) => props.onValue?.(event.target.value))}
        {...described(id, props)}
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
        {...described(id, props)}
      />
    </Shell>
  );
}

export function SelectField(
  props: ControlProps & {
    /** As Field's: `f-${name}` by default. */
    id?: string;
    defaultValue?: string;
    options: readonly { value: string; label: string }[];
  },
) {
  const id = props.id ?? `f-${props.name}`;
  return (
    <Shell {...props} id={id}>
      <select id={id} name={props.name} defaultValue={props.defaultValue} aria-label={props.ariaLabel} {...described(id, props)}>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

/** One choice among a few, as radio buttons: each label is the touch target, each hint describes its option. */
export function RadioGroup(props: {
  legend: string;
  name: string;
  defaultValue: string;
  options: readonly { value: string; label: string; hint?: string }[];
  error?: string;
}) {
  const id = `f-${props.name}`;
  return (
    <fieldset className="choices" id={id} aria-describedby={props.error ? `${id}-error` : undefined}>
      <legend>{props.legend}</legend>
      {props.options.map((o) => (
        <div key={o.value} className="choice">
          <label>
            <input
              type="radio"
              name={props.name}
              value={o.value}
              defaultChecked={o.value === props.defaultValue}
              aria-describedby={o.hint ? `${id}-${o.value}-hint` : undefined}
            />
            {o.label}
          </label>
          {o.hint && (
            <p className="field-hint" id={`${id}-${o.value}-hint`}>
              {o.hint}
            </p>
          )}
        </div>
      ))}
      {props.error && (
        <p className="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </fieldset>
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

/** The message of a refused form (announced as an alert); nothing when there is none. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="form-alert" role="alert">
      {message}
    </p>
  );
}

/** An inline error under a form or control (announced as an alert). */
export function ErrorText({ message, className }: { message?: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p className={className ? `field-error ${className}` : "field-error"} role="alert">
      {message}
    </p>
  );
}

/** Up/down buttons that post `intent` with the row's id (`field`) and the direction: manual ordering. */
export function MoveButtons(props: { intent: string; field?: string; id: string | number; first: boolean; last: boolean }) {
  const t = useT();
  return (
    <Form method="post" className="move-buttons">
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name={props.field ?? "id"} value={props.id} />
      <button
        type="submit"
        name="direction"
        value="up"
        className="icon-button"
        disabled={props.first}
        aria-label={t({ id: "ui.move.up", defaultMessage: "Subir" })}
      >
        ↑
      </button>
      <button
        type="submit"
        name="direction"
        value="down"
        className="icon-button"
        disabled={props.last}
        aria-label={t({ id: "ui.move.down", defaultMessage: "Bajar" })}
      >
        ↓
      </button>
    </Form>
  );
}

/** A list row's remove button: posts `intent` with the row's id (as `field`, "id" by default). */
export function RemoveButton(props: { intent: string; field?: string; id: string | number; label: string; text: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name={props.field ?? "id"} value={props.id} />
      <button type="submit" className="link-button danger" aria-label={props.label}>
        {props.text}
      </button>
    </Form>
  );
}

/** A checkbox of a fieldset of choices, its hint under it and named by it (posts 'on' when ticked, nothing when not). */
export function CheckboxChoice(props: { id: string; name: string; label: string; hint: ReactNode; defaultChecked: boolean }) {
  return (
    <div className="choice">
      <label>
        <input
          type="checkbox"
          name={props.name}
          value="on"
          defaultChecked={props.defaultChecked}
          aria-describedby={`${props.id}-hint`}
        />
        {props.label}
      </label>
      <p className="field-hint" id={`${props.id}-hint`}>
        {props.hint}
      </p>
    </div>
  );
}
