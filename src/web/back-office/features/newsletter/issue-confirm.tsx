import { useEffect, useRef, useState } from "react";
import type { IssueDraft, IssuePreview, IssueView } from "#shared/api/back-office-newsletter-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { languages } from "#shared/lang.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { Link } from "#web/lib/routing.tsx";
import formStyles from "#web/ui/form.module.css";
import shared from "../../back-office.module.css";
import { FormMessage } from "../../components/form-message.tsx";
import styles from "./newsletter.module.css";
import { sendIssue } from "./newsletter-calls.ts";
import { confirmedText, issueErrorMessage, languageNames, subscribersText } from "./newsletter-labels.ts";

/**
 * The second step, the confirmation (decision 054): the mail each language's subscribers will
 * read and how many they are; sending is one more press, made once (the preview's id).
 */
export function IssueConfirm(props: {
  draft: IssueDraft;
  preview: IssuePreview;
  onBack: () => void;
  onSent: (issue: IssueView) => Promise<void>;
}) {
  const { preview } = props;
  const total = preview.recipients.es + preview.recipients.pt;
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<{ text: string; sent: boolean } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const send = async () => {
    setSending(true);
    setFailure(null);
    try {
      await props.onSent(await sendIssue({ ...props.draft, id: preview.id }));
    } catch (error) {
      const sent = error instanceof ApiError && error.code === "issue-already-sent";
      setFailure({ text: issueErrorMessage(error), sent });
      setSending(false);
    }
  };
  return (
    <div className={shared.form}>
      <h2 ref={heading} tabIndex={-1}>
        Vista previa
      </h2>
      <p>
        {total === 0
          ? "Ningún suscriptor ha confirmado todavía: no hay a quién enviarlo."
          : `Se enviará a ${confirmedText(total)}: ${preview.recipients.es} en español y ${preview.recipients.pt} en portugués. Cada uno recibe su propio enlace para darse de baja.`}
      </p>
      {languages.map((lang) => (
        <section key={lang} className={styles.mail} aria-labelledby={`preview-${lang}`}>
          <h3 id={`preview-${lang}`}>{`${languageNames[lang]}: ${preview.mails[lang].subject}`}</h3>
          <p className={styles.mailText} lang={lang}>
            {preview.mails[lang].text}
          </p>
        </section>
      ))}
      <FormMessage message={failure?.text ?? null} />
      {failure?.sent && (
        <p>
          <Link to={backOfficePaths.newsletterIssues()}>Ver los boletines enviados</Link>
        </p>
      )}
      <div className={styles.actions}>
        {total > 0 && !failure?.sent && (
          <button type="button" className={formStyles.submit} disabled={sending} onClick={() => void send()}>
            {sending ? "Enviando…" : `Enviar a ${subscribersText(total)}`}
          </button>
        )}
        <button type="button" className={shared.secondary} disabled={sending} onClick={props.onBack}>
          Volver a editar
        </button>
      </div>
    </div>
  );
}
