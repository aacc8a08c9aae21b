import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import styles from "./form.module.css";

type FormFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
};

/** A labelled input with its error message, announced to screen readers. */
export function FormField({ id, label, error, hint, ...input }: FormFieldProps) {
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ");
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={error ? styles.inputInvalid : styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && <div id={`${id}-hint`}>{hint}</div>}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  id: string;
  label: string;
  error?: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Shown first with an empty value, so nothing is chosen for the shopper. */
  placeholder?: string;
};

/** A labelled select with its error message, announced like FormField's. */
export function SelectField({ id, label, error, options, placeholder, ...select }: SelectFieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={error ? styles.inputInvalid : styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
