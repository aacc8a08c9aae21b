import { useRef, useState } from "react";
import { PAGE_FORM_FIELD } from "#shared/api/page-form-contract.ts";
import { brand } from "#shared/brand.ts";
import { paths } from "#shared/paths.ts";
import { beforeFullStop } from "#shared/text.ts";
import { useLang, useTranslation } from "#web/lib/i18n/i18n.tsx";
import { usePageFormOutcome } from "#web/lib/page-form.tsx";
import { Link, useCurrentUrl } from "#web/lib/routing.tsx";
import styles from "./newsletter-block.module.css";
import { NewsletterResult } from "./newsletter-result.tsx";

/**
 * Spec §2/§4/§5/§8. The validation, the popups and the request load on the first submit, so the
 * footer on every page costs almost nothing (docs/decisions/004-newsletter-lazy-flow.md).
 */
export function NewsletterBlock() {
  const { t } = useTranslation();
  const lang = useLang();
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const posted = usePageFormOutcome("newsletter");
  // Shown until the shopper sends the form again (then the popups speak) or moves on.
  const [dismissed, setDismissed] = useState(false);
  const result = dismissed ? undefined : posted?.status;
  const { pathname, search } = useCurrentUrl();

  async function submit() {
    // Spec §4: a second click while one submission runs is ignored.
    if (busy.current || !form.current) return;
    busy.current = true;
    setDismissed(true);
    try {
      const data = new FormData(form.current);
      const { runSubscribeFlow } = await import("./subscribe-flow.ts");
      await runSubscribeFlow({
        input: {
          email: String(data.get("email") ?? ""),
          consent: data.get("consent") === "on",
          locale: lang,
        },
        t,
        onSubmitting: setSubmitting,
        onSubscribed: () => {
          form.current?.reset();
          // reset() goes back to the default value, which may be a posted address.
          const email = form.current?.elements.namedItem("email");
          if (email instanceof HTMLInputElement) email.value = "";
        },
      });
    } finally {
      busy.current = false;
    }
  }

  return (
    <section id="newsletter" className={styles.block} aria-labelledby="newsletter-title">
      <svg className={styles.art} viewBox="0 0 96 72" aria-hidden="true" focusable="false">
        <rect x="4" y="10" width="88" height="58" rx="8" fill="#fff" />
        <path d="m6 14 42 30 42-30" fill="none" stroke="#009fe3" strokeWidth="5" />
        <circle cx="78" cy="14" r="12" fill="#ff8a00" />
        <path d="M73 14h10M78 9v10" stroke="#fff" strokeWidth="3" />
      </svg>
      <div className={styles.copy}>
        <h2 id="newsletter-title">{t("newsletter.title")}</h2>
        <p>{t("newsletter.pitch")}</p>
      </div>
      {/* Before the script runs the form posts to this very page, which answers with the result. */}
      <form
        ref={form}
        method="post"
        action={`${pathname}${search}#newsletter`}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <input type="hidden" name={PAGE_FORM_FIELD} value="newsletter" />
        {result && <NewsletterResult status={result} />}
        <div className={styles.row}>
          <label htmlFor="newsletter-email" className="visually-hidden">
            {t("newsletter.emailLabel")}
          </label>
          <input
            id="newsletter-email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={posted?.email}
            placeholder={t("newsletter.emailPlaceholder")}
            disabled={submitting}
            className={styles.input}
          />
          <button
            type="submit"
            className={submitting ? styles.buttonBusy : styles.button}
            aria-disabled={submitting}
          >
            {submitting ? t("newsletter.submitting") : t("newsletter.subscribe")}
          </button>
        </div>
        <label className={styles.consent}>
          <input name="consent" type="checkbox" disabled={submitting} />
          <span>{t("newsletter.consent")}</span>
        </label>
        <p className={styles.notice}>
          {t("newsletter.dataNotice", { company: beforeFullStop(brand.company.legalName) })}{" "}
          <Link to={paths.footer("politica-de-privacidad")}>{t("infoPages.politica-de-privacidad")}</Link>.
        </p>
      </form>
    </section>
  );
}
