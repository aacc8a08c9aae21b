import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import formStyles from "#web/ui/form.module.css";
import { FormField } from "#web/ui/form-field.tsx";
import { fieldMessage, staffErrorMessage } from "../api/staff-error-message.ts";
import { backupCodeFormSchema } from "../api/staff-forms.ts";
import styles from "../back-office.module.css";
import { FormMessage } from "./form-message.tsx";

/** The second step with one of the backup codes, for someone without their authenticator. */
export function BackupCodeForm({ onCode }: { onCode: (code: string) => Promise<void> }) {
  const form = useForm<z.infer<typeof backupCodeFormSchema>>({ resolver: zodResolver(backupCodeFormSchema) });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => form.setFocus("code"), [form]);
  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await onCode(code);
    } catch (error) {
      setFailure(staffErrorMessage(error));
    }
  });
  return (
    <form className={styles.form} method="post" onSubmit={onSubmit} noValidate>
      <FormMessage message={failure} />
      <FormField
        id="sign-in-backup-code"
        label="Código de recuperación"
        autoComplete="off"
        spellCheck={false}
        error={fieldMessage(errors.code?.message)}
        {...form.register("code")}
      />
      <button type="submit" className={formStyles.submit} disabled={isSubmitting}>
        {isSubmitting ? "Comprobando…" : "Entrar"}
      </button>
    </form>
  );
}
