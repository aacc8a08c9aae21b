import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import formStyles from "#web/ui/form.module.css";
import { FormField } from "#web/ui/form-field.tsx";
import { fieldMessage, staffErrorMessage } from "../api/staff-error-message.ts";
import { codeFormSchema } from "../api/staff-forms.ts";
import styles from "../back-office.module.css";
import { FormMessage } from "./form-message.tsx";

type CodeFormProps = {
  id: string;
  submitLabel: string;
  /** Runs the code; a refusal is shown and the field emptied for the next code. */
  onCode: (code: string) => Promise<void>;
  /** The field takes the focus as the form appears (the step after the password). */
  focusFirst?: boolean;
};

/** Asks for the six digits an authenticator shows now. */
export function CodeForm({ id, submitLabel, onCode, focusFirst = false }: CodeFormProps) {
  const form = useForm<z.input<typeof codeFormSchema>, unknown, z.output<typeof codeFormSchema>>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (focusFirst) form.setFocus("code");
  }, [focusFirst, form]);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await onCode(code);
    } catch (error) {
      setFailure(staffErrorMessage(error));
      form.resetField("code");
      form.setFocus("code");
    }
  });

  return (
    <form className={styles.form} method="post" onSubmit={onSubmit} noValidate>
      <FormMessage message={failure} />
      <FormField
        id={id}
        label="Código de 6 cifras"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={9}
        hint={
          <span className={styles.muted}>
            El que muestra ahora tu aplicación de códigos; cambia cada 30 segundos.
          </span>
        }
        error={fieldMessage(errors.code?.message)}
        {...form.register("code")}
      />
      <button type="submit" className={formStyles.submit} disabled={isSubmitting}>
        {isSubmitting ? "Comprobando…" : submitLabel}
      </button>
    </form>
  );
}
