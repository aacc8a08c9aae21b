import { type FormEvent, useEffect, useId, useState } from "react";
import { BACK_IN_STOCK_PAGES } from "#shared/back-in-stock-pages.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { useTextParts, useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSession } from "#web/lib/session/session.tsx";
import { requestBackInStock } from "../api/request-back-in-stock.ts";
import styles from "./back-in-stock-form.module.css";

type Outcome = "subscribed" | "already" | "invalidEmail" | "consentRequired" | "tooMany" | "failed";

const isError = (outcome: Outcome | null) =>
  outcome !== null && outcome !== "subscribed" && outcome !== "already";

/**
 * «Avísame cuando vuelva» on a sold-out product (issue 33). Without the script the form posts to
 * `/avisame`, which answers with a page of its own; with it, the API is called and the answer
 * shown here. A signed-in shopper's address is filled in once the page runs (never in the
 * cached HTML, which every visitor shares).
 */
export function BackInStockForm({ productId }: { productId: number }) {
  // Its words are in the shopper's part of the texts, loaded with it (not in the first view).
  useTextParts(["shopper"]);
  const { t, lang } = useTranslation();
  const id = useId();
  const accountEmail = useSession((state) => (state.user && !state.user.guest ? state.user.email : ""));
  const [email, setEmail] = useState("");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (accountEmail) setEmail((typed) => typed || accountEmail);
  }, [accountEmail]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const consent = new FormData(event.currentTarget).get("consent") === "on";
    // The request's own rules, loaded when first asked: zod stays out of the product page's first view.
    const { backInStockRequestSchema } = await import("#shared/api/back-in-stock-contract.ts");
    const parsed = backInStockRequestSchema.safeParse({ email, productId, consent, locale: lang });
    if (!parsed.success) {
      const code = parsed.error.issues[0]?.message;
      setOutcome(code === "consent-required" ? "consentRequired" : "invalidEmail");
      return;
    }
    setSending(true);
    setOutcome(await send(parsed.data));
    setSending(false);
  };

  return (
    <section className={styles.box} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t("backInStock.title")}
      </h2>
      <p className={styles.intro}>{t("backInStock.intro")}</p>
      <form method="post" action={BACK_IN_STOCK_PAGES.form} onSubmit={submit} noValidate>
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="locale" value={lang} />
        <label htmlFor={`${id}-email`}>{t("backInStock.email")}</label>
        <div className={styles.row}>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={outcome === "invalidEmail"}
            aria-describedby={`${id}-status`}
          />
          <button type="submit" disabled={sending}>
            {sending ? t("backInStock.sending") : t("backInStock.submit")}
          </button>
        </div>
        <label className={styles.consent}>
          <input type="checkbox" name="consent" required aria-invalid={outcome === "consentRequired"} />
          {t("backInStock.consent")}
        </label>
        <p id={`${id}-status`} role="status" className={isError(outcome) ? styles.error : styles.done}>
          {outcome ? t(`backInStock.${outcome}`) : ""}
        </p>
      </form>
    </section>
  );
}

async function send(input: Parameters<typeof requestBackInStock>[0]): Promise<Outcome> {
  try {
    return (await requestBackInStock(input)).status;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return "invalidEmail";
    if (error instanceof ApiError && error.status === 429) return "tooMany";
    return "failed";
  }
}
