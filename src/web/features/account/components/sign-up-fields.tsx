import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import styles from "#web/ui/form.module.css";
import { useValidationMessage } from "#web/ui/form-alert.tsx";
import { FormField } from "#web/ui/form-field.tsx";

/** What registration and a social sign-in's welcome step (decision 033) both ask for. */
type SignUpValues = { name: string; lastName: string; acceptTerms: true };

type SignUpFieldsProps = {
  register: UseFormRegister<SignUpValues>;
  errors: FieldErrors<SignUpValues>;
};

type NameFieldsProps = SignUpFieldsProps & {
  /** The form's own ids: `register` gives `register-name` and `register-last-name`. */
  idPrefix: string;
  /** A form posted before the script ran (issue 10): what was typed. */
  initial?: { name: string; lastName: string };
};

export function NameFields({ register, errors, idPrefix, initial }: NameFieldsProps) {
  const { t } = useTranslation();
  const fieldError = useValidationMessage();
  return (
    <>
      <FormField
        id={`${idPrefix}-name`}
        label={t("account.name")}
        autoComplete="given-name"
        error={fieldError(errors.name?.message)}
        defaultValue={initial?.name}
        {...register("name")}
      />
      <FormField
        id={`${idPrefix}-last-name`}
        label={t("account.lastName")}
        autoComplete="family-name"
        error={fieldError(errors.lastName?.message)}
        defaultValue={initial?.lastName}
        {...register("lastName")}
      />
    </>
  );
}

/** The terms and the privacy policy, to be accepted, with the message when they are not. */
export function TermsField({ register, errors, checked }: SignUpFieldsProps & { checked?: boolean }) {
  const { t } = useTranslation();
  const fieldError = useValidationMessage();
  return (
    <>
      <label className={styles.check}>
        <input
          type="checkbox"
          defaultChecked={checked}
          {...register("acceptTerms")}
          aria-invalid={errors.acceptTerms ? true : undefined}
        />
        <span>
          {t("account.acceptTermsBefore")}{" "}
          <Link to={paths.footer("condiciones-de-uso")}>{t("infoPages.condiciones-de-uso")}</Link>{" "}
          {t("account.and")}{" "}
          <Link to={paths.footer("politica-de-privacidad")}>{t("infoPages.politica-de-privacidad")}</Link>
        </span>
      </label>
      {errors.acceptTerms && <p className={styles.error}>{fieldError(errors.acceptTerms.message)}</p>}
    </>
  );
}
