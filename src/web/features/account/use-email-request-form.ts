import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type RequestResetForm, requestResetSchema } from "#shared/api/account-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { authErrorKey } from "./auth-error-key.ts";
import { usePostedAccountForm } from "./use-posted-account-form.ts";

/** The forms that mail a link to an address: "forgot your password?" and «Entrar con un enlace». */
export type EmailRequestFormName = "reset-request" | "email-link";

/**
 * One address sent to `send`, then "check your mail" (`sentTo`); a refusal (a 429 too) as a text.
 * The form may have been posted before the script ran (issue 10): it starts from that outcome,
 * else from `initialFailure`.
 */
export function useEmailRequestForm(
  name: EmailRequestFormName,
  send: (email: string) => Promise<void>,
  initialFailure: string | null = null,
) {
  const { t } = useTranslation();
  const posted = usePostedAccountForm<RequestResetForm>(name);
  const [sentTo, setSentTo] = useState<string | null>(posted.sentTo);
  const [failure, setFailure] = useState<string | null>(posted.failure ?? initialFailure);
  const form = useForm<RequestResetForm>({
    resolver: zodResolver(requestResetSchema),
    // No defaultValues: the input starts from the server's HTML and keeps what was typed early.
    errors: posted.errors,
  });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await send(email);
      setSentTo(email);
    } catch (error) {
      setFailure(t(authErrorKey(error)));
    }
  });
  return { name, posted, form, sentTo, failure, onSubmit };
}

export type EmailRequest = ReturnType<typeof useEmailRequestForm>;
