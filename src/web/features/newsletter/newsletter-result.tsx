import type { NewsletterStatus } from "#shared/api/page-form-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSite } from "#web/lib/site.tsx";
import styles from "./newsletter-block.module.css";

/** The popup's title and text for each outcome (spec §5/§8), shown in the page instead. */
const texts: Record<Exclude<NewsletterStatus, "wrong-origin">, readonly [string, string]> = {
  subscribed: ["newsletter.successTitle", "newsletter.successText"],
  "email-required": ["newsletter.emptyTitle", "newsletter.emptyText"],
  "email-invalid": ["newsletter.invalidTitle", "newsletter.invalidText"],
  "consent-required": ["newsletter.consentTitle", "newsletter.consentText"],
  "too-many": ["newsletter.tooManyTitle", "newsletter.tooManyText"],
  failed: ["newsletter.failureTitle", "newsletter.failureText"],
};

/**
 * What a subscription sent before the page's script ran came to: the server answers with the page
 * and this message, the same words as the popup the script shows (issue 10).
 */
export function NewsletterResult({ status }: { status: NewsletterStatus }) {
  const { t } = useTranslation();
  const { origin } = useSite();
  const [title, text] =
    status === "wrong-origin"
      ? [t("newsletter.failureTitle"), t("common.wrongOrigin", { origin })]
      : [t(texts[status][0]), t(texts[status][1])];
  const ok = status === "subscribed";
  return (
    <div className={ok ? styles.resultOk : styles.resultError} role={ok ? "status" : "alert"}>
      <strong>{title}</strong> {text}
    </div>
  );
}
