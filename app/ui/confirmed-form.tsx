import { type ReactNode, useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { NEEDS_APP } from "./app-scripts";
import { ConfirmDialog } from "./overlays";

/** A post form whose button first asks in the shared confirm dialog (deletes and other irreversible steps). */
export function ConfirmedForm(props: {
  fields: Record<string, string>;
  buttonLabel: string;
  title: string;
  description: string;
  className?: string;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  return (
    <>
      <Form
        method="post"
        ref={form}
        className={props.className}
        {...NEEDS_APP}
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {Object.entries(props.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {props.children}
        <button type="submit" className="button danger">
          {props.buttonLabel}
        </button>
      </Form>
      <ConfirmDialog
        open={open}
        title={props.title}
        description={props.description}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          if (form.current) await submit(form.current);
          setOpen(false);
        }}
      />
    </>
  );
}
