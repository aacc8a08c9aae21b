import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import {
  type PersonalDataForm as FormValues,
  personalDataSchema,
} from "#shared/api/personal-data-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import styles from "#web/ui/form.module.css";
import { useValidationMessage } from "#web/ui/form-alert.tsx";
import { FormField } from "#web/ui/form-field.tsx";
import { Spinner } from "#web/ui/spinner.tsx";
import { notify } from "#web/ui/toast-queue.ts";
import { usePersonalData, useSavePersonalData } from "../api/personal-data-calls.ts";

type PersonalDataFormProps = {
  /** The way to change the sign-in email, supplied by the page (account feature). */
  emailChange: ReactNode;
};

export function PersonalDataForm({ emailChange }: PersonalDataFormProps) {
  const { t } = useTranslation();
  const { data } = usePersonalData();
  if (!data) return <Spinner label={t("common.loading")} />;
  const { email, ...values } = data;
  // Keyed by the saved values: a change from another device refills the form.
  return (
    <>
      <Editor key={JSON.stringify(values)} email={email} initial={values} />
      <div className={styles.form}>{emailChange}</div>
    </>
  );
}

function Editor({ email, initial }: { email: string; initial: FormValues }) {
  const { t } = useTranslation();
  const save = useSavePersonalData();
  const form = useForm<FormValues>({ resolver: zodResolver(personalDataSchema), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const fieldError = useValidationMessage();
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notify(t("personalData.saved"), "success");
    } catch {
      notify(t("account.errors.generic"), "error");
    }
  });
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <h1>{t("personalData.title")}</h1>
      <FormField
        id="pd-name"
        label={t("account.name")}
        autoComplete="given-name"
        error={fieldError(errors.name?.message)}
        {...form.register("name")}
      />
      <FormField
        id="pd-last-name"
        label={t("account.lastName")}
        autoComplete="family-name"
        error={fieldError(errors.lastName?.message)}
        {...form.register("lastName")}
      />
      <FormField
        id="pd-email"
        label={t("account.email")}
        value={email}
        readOnly
        hint={<small>{t("personalData.emailNote")}</small>}
      />
      <FormField
        id="pd-phone"
        label={t("personalData.phone")}
        type="tel"
        autoComplete="tel"
        error={fieldError(errors.phone?.message)}
        {...form.register("phone")}
      />
      <FormField
        id="pd-birth-date"
        label={t("personalData.birthDate")}
        type="date"
        autoComplete="bday"
        error={fieldError(errors.birthDate?.message)}
        {...form.register("birthDate")}
      />
      <button type="submit" className={styles.submit} disabled={isSubmitting}>
        {isSubmitting ? t("personalData.saving") : t("personalData.save")}
      </button>
    </form>
  );
}
