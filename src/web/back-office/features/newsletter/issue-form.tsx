import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import {
  type IssueDraft,
  type IssueDraftInput,
  type IssuePreview,
  issueDraftSchema,
} from "#shared/api/back-office-newsletter-contract.ts";
import { type Lang, languages } from "#shared/lang.ts";
import formStyles from "#web/ui/form.module.css";
import { FormField } from "#web/ui/form-field.tsx";
import { StaffApiError } from "../../api/staff-api-error.ts";
import shared from "../../back-office.module.css";
import { FormMessage } from "../../components/form-message.tsx";
import styles from "./newsletter.module.css";
import { previewIssue } from "./newsletter-calls.ts";
import { fieldMessage, issueErrorMessage, languageNames } from "./newsletter-labels.ts";

type Fields = `${Lang}.${"subject" | "body"}`;

/**
 * The first step of an issue (decision 054): its subject and text in Spanish and in Portuguese,
 * checked by the API's own schema, then previewed. Nothing is sent from here.
 */
export function IssueForm(props: {
  draft: IssueDraftInput;
  onPreviewed: (draft: IssueDraft, preview: IssuePreview) => void;
}) {
  const form = useForm<IssueDraftInput, unknown, IssueDraft>({
    resolver: zodResolver(issueDraftSchema),
    defaultValues: props.draft,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (draft) => {
    setFailure(null);
    try {
      props.onPreviewed(draft, await previewIssue(draft));
    } catch (error) {
      showFieldErrors(form, error);
      setFailure(issueErrorMessage(error));
    }
  });
  const { isSubmitting } = form.formState;
  return (
    <form className={shared.form} method="post" onSubmit={onSubmit} noValidate aria-label="Boletín">
      <FormMessage message={failure} />
      <p className={shared.muted}>
        Cada suscriptor recibe el boletín en su idioma. Separa los párrafos con una línea en blanco; al final
        de cada correo va su enlace para darse de baja.
      </p>
      {languages.map((lang) => (
        <Language key={lang} lang={lang} form={form} />
      ))}
      <button type="submit" className={formStyles.submit} disabled={isSubmitting}>
        {isSubmitting ? "Preparando la vista previa…" : "Ver la vista previa"}
      </button>
    </form>
  );
}

function Language({ lang, form }: { lang: Lang; form: UseFormReturn<IssueDraftInput, unknown, IssueDraft> }) {
  const errors = form.formState.errors[lang];
  const bodyError = fieldMessage(errors?.body?.message);
  const bodyId = `issue-${lang}-body`;
  return (
    <fieldset className={styles.language}>
      <legend>{languageNames[lang]}</legend>
      <FormField
        id={`issue-${lang}-subject`}
        label={`Asunto en ${languageNames[lang].toLowerCase()}`}
        maxLength={200}
        autoComplete="off"
        lang={lang}
        error={fieldMessage(errors?.subject?.message)}
        {...form.register(`${lang}.subject`)}
      />
      <div className={formStyles.field}>
        <label htmlFor={bodyId}>{`Texto en ${languageNames[lang].toLowerCase()}`}</label>
        <textarea
          id={bodyId}
          lang={lang}
          rows={10}
          className={`${bodyError ? formStyles.inputInvalid : formStyles.input} ${styles.textarea}`}
          aria-invalid={bodyError ? true : undefined}
          aria-describedby={bodyError ? `${bodyId}-error` : undefined}
          {...form.register(`${lang}.body`)}
        />
        {bodyError && (
          <p id={`${bodyId}-error`} className={formStyles.error}>
            {bodyError}
          </p>
        )}
      </div>
    </fieldset>
  );
}

/** The API's field errors (`es.subject`…), each on the form's field that holds it. */
function showFieldErrors(form: UseFormReturn<IssueDraftInput, unknown, IssueDraft>, error: unknown) {
  if (!(error instanceof StaffApiError)) return;
  const fields: readonly string[] = languages.flatMap((lang) => [`${lang}.subject`, `${lang}.body`]);
  for (const [field, code] of Object.entries(error.fields)) {
    if (fields.includes(field)) form.setError(field as Fields, { message: code });
  }
}
