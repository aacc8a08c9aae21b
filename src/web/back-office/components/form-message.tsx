import formStyles from "#web/ui/form.module.css";

/** A refused form's sentence, announced when it appears. */
export function FormMessage({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={formStyles.formError} role="alert">
      {message}
    </p>
  );
}
