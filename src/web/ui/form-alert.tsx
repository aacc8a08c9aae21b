import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import styles from "./form.module.css";

/** The form-level message (e.g. a refused sign-in), announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={styles.formError} role="alert">
      {message}
    </p>
  );
}

/** Turns a shared schema's error code (e.g. "phone-invalid") into the shopper's language. */
export function useValidationMessage(): (code: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (code) => (code ? t(`account.validation.${code}`) : undefined);
}
