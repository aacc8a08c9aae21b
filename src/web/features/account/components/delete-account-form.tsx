import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { deleteAccountSchema, type DeleteAccountForm as FormValues } from "#shared/api/account-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import styles from "#web/ui/form.module.css";
import { FormAlert, useValidationMessage } from "#web/ui/form-alert.tsx";
import { FormField } from "#web/ui/form-field.tsx";
import { deleteAccount } from "../api/auth-calls.ts";
import { authErrorKey } from "../auth-error-key.ts";
import { PasswordFirst, useHasNoPassword } from "./password-first.tsx";

/** Removes the account and everything kept for it, after asking for the password again. */
export function DeleteAccountForm({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: "" },
  });
  const fieldError = useValidationMessage();
  const noPassword = useHasNoPassword();
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await deleteAccount(password);
      onDeleted();
    } catch (error) {
      setFailure(t(authErrorKey(error)));
    }
  });
  return (
    <details className={styles.danger}>
      <summary>{t("account.delete.title")}</summary>
      {noPassword ? (
        <PasswordFirst />
      ) : (
        <form onSubmit={onSubmit} noValidate className={styles.dangerForm}>
          <p>{t("account.delete.warning")}</p>
          <FormAlert message={failure} />
          <FormField
            id="delete-password"
            label={t("account.password")}
            type="password"
            autoComplete="current-password"
            error={fieldError(form.formState.errors.password?.message)}
            {...form.register("password")}
          />
          <button type="submit" className={styles.dangerButton} disabled={form.formState.isSubmitting}>
            {t("account.delete.confirm")}
          </button>
        </form>
      )}
    </details>
  );
}
