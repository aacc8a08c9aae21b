import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { requestEmailLink } from "../api/email-link-calls.ts";
import { useEmailRequestForm } from "../use-email-request-form.ts";
import { useSignInFromAnotherTab } from "../use-sign-in-from-another-tab.ts";
import { EmailRequestForm, type EmailRequestTexts } from "./email-request-form.tsx";

const texts: EmailRequestTexts = {
  title: "account.emailLink.title",
  intro: "account.emailLink.requestText",
  send: "account.emailLink.send",
  sent: "account.emailLink.sentText",
  aside: "account.emailLink.withPassword",
};

/** What a link that did not sign in came back with (better-auth's `error`), as a text key. */
function linkErrorKey(code: string): string {
  // Expired, already used, or never issued: the shopper cannot tell them apart, nor need to.
  if (code === "INVALID_TOKEN") return "account.emailLink.spent";
  // Made for an account that has not proven its address (issue 28): a new request mails a reset.
  return code === "ADDRESS_NOT_PROVEN" ? "account.emailLink.notProven" : "account.emailLink.failed";
}

/**
 * /login?pedir-enlace: «Entrar con un enlace». Mails a sign-in link (the same answer for any
 * address); a link that did not work lands here too, with `linkError` (decision 031).
 */
export function EmailLinkForm({ linkError }: { linkError: string | null }) {
  const { t } = useTranslation();
  const request = useEmailRequestForm(
    "email-link",
    requestEmailLink,
    linkError ? t(linkErrorKey(linkError)) : null,
  );
  useSignInFromAnotherTab(request.sentTo !== null);
  return (
    <EmailRequestForm
      request={request}
      action={paths.emailLinkRequest()}
      inputId="email-link-email"
      texts={texts}
    />
  );
}
