import { useState } from "react";
import type { FieldErrors, FieldValues } from "react-hook-form";
import type { AccountForm } from "#shared/api/page-form-contract.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { usePageFormOutcome } from "#web/lib/page-form.tsx";
import { useSite } from "#web/lib/site.tsx";
import { authErrorKey } from "./auth-error-key.ts";

/**
 * A sign-in, registration or reset request posted before the page's script ran (issue 10): what
 * the shopper typed, the field errors and the refusal, to draw the form again as the script would.
 */
export function usePostedAccountForm<T extends FieldValues>(form: AccountForm) {
  const { t } = useTranslation();
  const { origin } = useSite();
  const outcome = usePageFormOutcome(form);
  // react-hook-form keeps server errors in step with this object: it must stay the same one.
  const [errors] = useState<FieldErrors<T> | undefined>(() => {
    if (!outcome || Object.keys(outcome.fields).length === 0) return undefined;
    const entries = Object.entries(outcome.fields).map(([field, code]) => [
      field,
      { type: "server", message: code },
    ]);
    return Object.fromEntries(entries) as FieldErrors<T>;
  });
  const error = outcome?.error;
  return {
    errors,
    failure: error ? t(authErrorKey(new ApiError(error.status, error.code, error.code)), { origin }) : null,
    text: (field: string) => {
      const value = outcome?.values[field];
      return typeof value === "string" ? value : "";
    },
    flag: (field: string) => outcome?.values[field] === true,
    /** A reset request or a registration that went through: the address mailed. */
    sentTo: outcome && "sentTo" in outcome ? outcome.sentTo : null,
    /** A registration's secret for the code it mailed (issue 28), for the form posted without the script. */
    proof: outcome && "proof" in outcome ? outcome.proof : null,
    /** A new password that was saved. */
    done: outcome !== null && "done" in outcome && outcome.done,
    /** The refusal's code, to tell an expired link from other failures. */
    errorCode: error?.code ?? null,
  };
}
