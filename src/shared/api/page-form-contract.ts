/**
 * Forms that work before, and without, the page's script (issue 10): the newsletter, sign-in,
 * registration, the password-reset request, the new password and the sign-in link request post to
 * the page itself, which answers with the page and the form's outcome.
 * Once the script runs the same forms are sent from the page instead, as before.
 */

/** The hidden field naming which form was posted. */
export const PAGE_FORM_FIELD = "form";

export const pageForms = [
  "newsletter",
  "sign-in",
  "sign-up",
  "reset-request",
  "reset-password",
  "email-link",
  "address-proof",
] as const;
export type PageForm = (typeof pageForms)[number];

export function isPageForm(value: unknown): value is PageForm {
  return pageForms.some((form) => form === value);
}

/** The newsletter's outcomes: each is one of spec §5/§8's popups (or its success). */
export type NewsletterStatus =
  | "subscribed"
  | "email-required"
  | "email-invalid"
  | "consent-required"
  | "too-many"
  | "failed"
  | "wrong-origin";

export type NewsletterOutcome = { form: "newsletter"; status: NewsletterStatus; email: string };

/** The account's forms: every page form but the newsletter. */
export type AccountForm = Exclude<PageForm, "newsletter">;

export type AccountFormOutcome<F extends AccountForm> = {
  form: F;
  /** A refusal from the identity endpoints, as the page's script would have received it. */
  error: { status: number; code: string } | null;
  /** Field errors of the shared schema (codes, e.g. "passwords-differ"). */
  fields: Record<string, string>;
  /** What the shopper typed, to show again: never a password. */
  values: Record<string, string | boolean>;
};

/**
 * Registration: refused, or sent — then a code went to `sentTo` (whether or not it had an account:
 * issue 28), and `proof` is the browser's secret for typing it (the page form carries it, as the
 * script's requests carry a cookie).
 */
export type SignUpOutcome = AccountFormOutcome<"sign-up"> & { sentTo: string | null; proof: string | null };

/** The code that proves the address, typed after registering: refused (signed in, it moves on). */
export type AddressProofOutcome = AccountFormOutcome<"address-proof">;

/** "Forgot your password?": where the link went (the same answer for any address), or why not. */
export type ResetRequestOutcome = AccountFormOutcome<"reset-request"> & { sentTo: string | null };

/** The mailed link's page: the new password saved (the shopper signs in next), or why not. */
export type ResetPasswordOutcome = AccountFormOutcome<"reset-password"> & { done: boolean };

/** «Entrar con un enlace»: where the link went (the same answer for any address), or why not. */
export type EmailLinkOutcome = AccountFormOutcome<"email-link"> & { sentTo: string | null };

export type PageFormOutcome =
  | NewsletterOutcome
  | AccountFormOutcome<"sign-in">
  | SignUpOutcome
  | AddressProofOutcome
  | ResetRequestOutcome
  | ResetPasswordOutcome
  | EmailLinkOutcome;
