import type { ReactNode } from "react";
import formStyles from "#web/ui/form.module.css";
import shared from "../back-office.module.css";

/** What a field gives its control: the id its label points at, and how it is described and judged. */
export type FieldControl = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/**
 * A back-office form's field: its label, its control (an input, a select or a text area, drawn by
 * `children` with the attributes it is given), its hint and its error, both tied to the control so
 * a screen reader announces them. The storefront's `#web/ui/form-field.tsx` is for an input only.
 */
export function FormField(props: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  children: (control: FieldControl) => ReactNode;
}) {
  const { id, hint, error } = props;
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ");
  return (
    <div className={formStyles.field}>
      <label htmlFor={id}>{props.label}</label>
      {props.children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hint ? (
        <span id={`${id}-hint`} className={shared.muted}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={formStyles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
