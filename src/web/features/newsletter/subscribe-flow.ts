import Swal from "sweetalert2";
import { type NewsletterRequest, newsletterRequestSchema } from "#shared/api/newsletter-contract.ts";
import { ApiError } from "#web/lib/api-client.ts";
import type { Translate } from "#web/lib/i18n/translate.ts";
import { subscribeToNewsletter } from "./subscribe-to-newsletter.ts";

/** Spec §9: the success popup closes itself after 4 s, showing a progress bar. */
export const SUCCESS_TIMER_MS = 4000;

type FlowOptions = {
  input: { email: string; consent: boolean; locale: NewsletterRequest["locale"] };
  t: Translate;
  onSubmitting: (submitting: boolean) => void;
  onSubscribed: () => void;
};

/** Spec §5 order: empty email, malformed email, unticked box; then the request. */
export async function runSubscribeFlow(options: FlowOptions): Promise<void> {
  const { input, t } = options;
  const parsed = newsletterRequestSchema.safeParse({ ...input, email: input.email.trim() });
  if (!parsed.success) {
    await showValidationPopup(parsed.error.issues[0]?.message, t);
    return;
  }
  options.onSubmitting(true);
  try {
    await subscribeToNewsletter(parsed.data);
    options.onSubmitting(false);
    options.onSubscribed();
    await Swal.fire({
      icon: "success",
      title: t("newsletter.successTitle"),
      text: t("newsletter.successText"),
      timer: SUCCESS_TIMER_MS,
      timerProgressBar: true,
      confirmButtonColor: "#006fa1",
    });
  } catch (error) {
    options.onSubmitting(false);
    if (error instanceof ApiError && error.status === 400) {
      await showValidationPopup("email-invalid", t);
      return;
    }
    if (error instanceof ApiError && error.status === 429) {
      await Swal.fire({
        icon: "warning",
        title: t("newsletter.tooManyTitle"),
        text: t("newsletter.tooManyText"),
        confirmButtonColor: "#006fa1",
      });
      return;
    }
    const answer = await Swal.fire({
      icon: "error",
      title: t("newsletter.failureTitle"),
      text: t("newsletter.failureText"),
      confirmButtonText: t("newsletter.retry"),
      showCancelButton: true,
      cancelButtonText: t("common.close"),
      confirmButtonColor: "#006fa1",
    });
    if (answer.isConfirmed) await runSubscribeFlow(options);
  }
}

async function showValidationPopup(code: string | undefined, t: Translate): Promise<void> {
  const popups = {
    "email-required": { icon: "error", title: t("newsletter.emptyTitle"), text: t("newsletter.emptyText") },
    "email-invalid": {
      icon: "warning",
      title: t("newsletter.invalidTitle"),
      text: t("newsletter.invalidText"),
    },
    "consent-required": {
      icon: "warning",
      title: t("newsletter.consentTitle"),
      text: t("newsletter.consentText"),
    },
  } as const;
  const popup = popups[code as keyof typeof popups] ?? popups["email-invalid"];
  await Swal.fire({ ...popup, confirmButtonColor: "#006fa1" });
}
