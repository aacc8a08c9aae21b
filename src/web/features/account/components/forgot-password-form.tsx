import { paths } from "#shared/paths.ts";
import { requestPasswordReset } from "../api/auth-calls.ts";
import { useEmailRequestForm } from "../use-email-request-form.ts";
import { EmailRequestForm, type EmailRequestTexts } from "./email-request-form.tsx";

const texts: EmailRequestTexts = {
  title: "account.reset.requestTitle",
  intro: "account.reset.requestText",
  send: "account.reset.send",
  sent: "account.reset.sentText",
  aside: "account.reset.backToLogin",
};

/** /login?recuperar: mails a link to choose a new password (the same answer for any address). */
export function ForgotPasswordForm() {
  const request = useEmailRequestForm("reset-request", requestPasswordReset);
  return (
    <EmailRequestForm request={request} action={paths.resetRequest()} inputId="reset-email" texts={texts} />
  );
}
