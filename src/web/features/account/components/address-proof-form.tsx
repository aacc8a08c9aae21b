import { type FormEvent, useEffect, useRef } from "react";
import { PAGE_FORM_FIELD } from "#shared/api/page-form-contract.ts";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link, useNavigate } from "#web/lib/routing.tsx";
import { useSessionStore } from "#web/lib/session/session.tsx";
import { signedIn } from "#web/lib/session/session-store.ts";
import styles from "#web/ui/form.module.css";
import { FormAlert } from "#web/ui/form-alert.tsx";
import { FormField } from "#web/ui/form-field.tsx";
import { useAddressProof } from "../use-address-proof.ts";
import { usePostedAccountForm } from "../use-posted-account-form.ts";
import proofStyles from "./address-proof.module.css";

type Props = {
  /** Where the code went: the address typed on the registration form. */
  email: string;
  /** The browser's secret for the code, when the page was drawn for a form posted without the script. */
  proof: string | null;
};

/**
 * After registering, for a new address and a known one alike (issue 28): the code mailed to prove
 * the address, typed here to sign in. Before the script runs it posts to /register itself.
 */
export function AddressProofForm({ email, proof }: Props) {
  const { t } = useTranslation();
  const session = useSessionStore();
  const navigate = useNavigate();
  const posted = usePostedAccountForm("address-proof");
  const proofStep = useAddressProof((user) => {
    signedIn(session, user);
    void navigate(paths.login(), { replace: true });
  }, posted.failure);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = new FormData(event.currentTarget).get("code");
    void proofStep.prove(typeof code === "string" ? code : "");
  };
  const fieldError = posted.errors?.code ? t("account.addressProof.codeRequired") : undefined;
  // The step replaces the registration form: its title takes the focus, and the view with it
  // (a phone would otherwise stay scrolled down where the form's button was).
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);

  return (
    <form className={styles.form} method="post" action={paths.register()} onSubmit={onSubmit} noValidate>
      <input type="hidden" name={PAGE_FORM_FIELD} value="address-proof" />
      <input type="hidden" name="email" value={email} />
      {proof && <input type="hidden" name="proof" value={proof} />}
      <h1 ref={title} tabIndex={-1}>
        {t("account.addressProof.title")}
      </h1>
      <p role="status">{t("account.addressProof.sentText", { email })}</p>
      <FormAlert message={proofStep.failure} />
      <FormField
        id="address-proof-code"
        name="code"
        label={t("account.addressProof.code")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        error={fieldError}
      />
      <button type="submit" className={styles.submit} disabled={proofStep.busy}>
        {proofStep.busy ? t("account.addressProof.confirming") : t("account.addressProof.confirm")}
      </button>
      <p className={styles.aside}>
        {proofStep.resent ? (
          <span role="status">{t("account.addressProof.resent")}</span>
        ) : (
          <button type="button" className={proofStyles.linkButton} onClick={() => void proofStep.resend()}>
            {t("account.addressProof.resend")}
          </button>
        )}
      </p>
      <p className={styles.aside}>{t("account.addressProof.alreadyText")}</p>
      <p className={styles.aside}>
        <Link to={paths.login()}>{t("account.signIn")}</Link>
        {" · "}
        <Link to={paths.resetRequest()}>{t("account.reset.forgot")}</Link>
      </p>
    </form>
  );
}
