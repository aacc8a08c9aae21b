import type { HonoRequest } from "hono";
import type { z } from "zod";
import {
  loginSchema,
  registerSchema,
  requestResetSchema,
  resetPasswordSchema,
} from "#shared/api/account-contract.ts";
import type { AuthPosts } from "#shared/api/auth-endpoints.ts";
import { errorPartsOf } from "#shared/api/error-contract.ts";
import type { newsletterRequestSchema } from "#shared/api/newsletter-contract.ts";
import type {
  AccountFormOutcome,
  NewsletterOutcome,
  NewsletterStatus,
  PageForm,
  PageFormOutcome,
  ResetPasswordOutcome,
  SignUpOutcome,
} from "#shared/api/page-form-contract.ts";
import type { Lang } from "#shared/lang.ts";
import { paths } from "#shared/paths.ts";
import { PROOF_COOKIE } from "../auth/address-proof.ts";

/** The bodies a page's form is posted as. */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * A posted page form's fields (its text fields only), read the one way every page form is read;
 * null for a body that is no form, or does not parse (a multipart body without a valid boundary),
 * which the page answers with 400 and the shop's message, never as a server error (issue 28).
 */
export async function readFormFields(request: HonoRequest): Promise<Record<string, string> | null> {
  const type = request.header("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.has(type)) return null;
  let body: Record<string, unknown>;
  try {
    body = await request.parseBody();
  } catch {
    return null;
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) if (typeof value === "string") fields[name] = value;
  return fields;
}

/** What a form posted without the script comes to: the page again with its outcome, or a move on. */
export type PageFormAnswer =
  | { kind: "page"; status: number; outcome: PageFormOutcome }
  | { kind: "redirect"; location: string; cookies: string[] };

/**
 * What the page forms post, and with which body: the newsletter's by the schema its route
 * validates with, better-auth's endpoints by their shared contract (decision 039). Not `ShopApi`:
 * this module is part of the app that type is taken from.
 */
type FormCalls = AuthPosts & { "/api/newsletter": NewsletterPost };

/** The newsletter's body, its box sent as found: the route refuses it unticked, with the form's message. */
type NewsletterPost = Omit<z.input<typeof newsletterRequestSchema>, "consent"> & { consent: boolean };

/** A JSON POST to the shop's own API, on behalf of the request that posted the form. */
export type ApiCaller = <P extends keyof FormCalls>(path: P, body: FormCalls[P]) => Promise<Response>;

type FormContext = { fields: Record<string, string>; lang: Lang; callApi: ApiCaller };

/**
 * Runs a posted form through the same API endpoints the page's script calls (validation, limits,
 * identity rules: one way), and turns their answer into what the page shows (issue 10).
 */
export function runPageForm(form: PageForm, context: FormContext): Promise<PageFormAnswer> {
  if (form === "newsletter") return subscribe(context);
  if (form === "sign-in") return signIn(context);
  if (form === "reset-request") return requestReset(context);
  if (form === "reset-password") return resetPassword(context);
  if (form === "email-link") return requestEmailLink(context);
  if (form === "address-proof") return proveAddress(context);
  return signUp(context);
}

/** A refusal before anything runs: another origin than PUBLIC_URL (decision 013). */
export function refusedPageForm(form: PageForm, fields: Record<string, string>): PageFormAnswer {
  const error = { status: 403, code: "wrong-origin" };
  const values = shownValues(fields);
  const outcomes: { [F in PageForm]: Extract<PageFormOutcome, { form: F }> } = {
    newsletter: { form: "newsletter", status: "wrong-origin", email: fields.email ?? "" },
    "sign-in": { form: "sign-in", error, fields: {}, values },
    "sign-up": { form: "sign-up", error, fields: {}, values, sentTo: null, proof: null },
    "reset-request": { form: "reset-request", error, fields: {}, values, sentTo: null },
    "reset-password": { form: "reset-password", error, fields: {}, values: {}, done: false },
    "email-link": { form: "email-link", error, fields: {}, values, sentTo: null },
    "address-proof": { form: "address-proof", error, fields: {}, values: proofValues(fields) },
  };
  const outcome = outcomes[form];
  return { kind: "page", status: 403, outcome };
}

async function subscribe({ fields, lang, callApi }: FormContext): Promise<PageFormAnswer> {
  const email = fields.email ?? "";
  const answer = (status: number, outcome: NewsletterStatus, keep = email): PageFormAnswer => {
    const result: NewsletterOutcome = { form: "newsletter", status: outcome, email: keep };
    return { kind: "page", status, outcome: result };
  };
  const response = await callApi("/api/newsletter", {
    email,
    consent: fields.consent === "on",
    locale: lang,
  });
  if (response.ok) {
    // Spec §4: on success the address is cleared. The confirmation link is on its way.
    return answer(200, "subscribed", "");
  }
  if (response.status === 429) return answer(429, "too-many");
  if (response.status === 400) {
    const invalid = errorPartsOf(await response.json().catch(() => null)).fields ?? {};
    // Spec §5's order: the address first, then the box.
    const code = invalid.email ?? invalid.consent ?? "email-invalid";
    return answer(400, isNewsletterStatus(code) ? code : "email-invalid");
  }
  return answer(503, "failed");
}

async function signIn({ fields, callApi }: FormContext): Promise<PageFormAnswer> {
  const parsed = loginSchema.safeParse({ email: fields.email ?? "", password: fields.password ?? "" });
  if (!parsed.success) return invalid("sign-in", fields, parsed.error.issues);
  return signedInOr("sign-in", fields, await callApi("/api/auth/sign-in/email", parsed.data));
}

async function signUp({ fields, lang, callApi }: FormContext): Promise<PageFormAnswer> {
  const parsed = registerSchema.safeParse({
    name: fields.name ?? "",
    lastName: fields.lastName ?? "",
    email: fields.email ?? "",
    password: fields.password ?? "",
    confirmPassword: fields.confirmPassword ?? "",
    acceptTerms: fields.acceptTerms === "on",
    newsletter: fields.newsletter === "on",
  });
  const values = shownValues(fields);
  const answer = (status: number, outcome: Omit<SignUpOutcome, "form" | "values">): PageFormAnswer => ({
    kind: "page",
    status,
    outcome: { form: "sign-up", values, ...outcome },
  });
  if (!parsed.success) {
    const invalidFields = fieldErrors(parsed.error.issues);
    return answer(400, { error: null, fields: invalidFields, sentTo: null, proof: null });
  }
  const { name, lastName, email, password, newsletter } = parsed.data;
  const response = await callApi("/api/auth/sign-up/email", { name, lastName, email, password });
  if (!response.ok) {
    const refused = { error: await refusal(response), fields: {}, sentTo: null, proof: null };
    return answer(response.status, refused);
  }
  if (newsletter) {
    // The account exists either way; a newsletter hiccup must not undo it (as in the page).
    await callApi("/api/newsletter", { email, consent: true, locale: lang }).catch(() => undefined);
  }
  // A code is on its way, whether or not the address had an account (issue 28): the page asks
  // for it, carrying the browser's secret the script's requests would carry as a cookie.
  return answer(200, { error: null, fields: {}, sentTo: email, proof: proofSecretOf(response) });
}

/** The code typed after registering: signed in on to the account page, or the form again. */
async function proveAddress({ fields, callApi }: FormContext): Promise<PageFormAnswer> {
  const values = proofValues(fields);
  const code = (fields.code ?? "").trim();
  if (code === "") {
    const outcome = {
      form: "address-proof" as const,
      error: null,
      fields: { code: "code-required" },
      values,
    };
    return { kind: "page", status: 400, outcome };
  }
  const proof = typeof values.proof === "string" && values.proof !== "" ? values.proof : undefined;
  const response = await callApi("/api/auth/sign-up/prove-address", { code, ...(proof ? { proof } : {}) });
  if (response.ok) {
    return { kind: "redirect", location: paths.login(), cookies: response.headers.getSetCookie() };
  }
  const outcome = { form: "address-proof" as const, error: await refusal(response), fields: {}, values };
  return { kind: "page", status: response.status, outcome };
}

/** The address proof's secret a sign-up answer sets (better-auth's cookie, Secure-prefixed on https). */
function proofSecretOf(response: Response): string | null {
  for (const cookie of response.headers.getSetCookie()) {
    const secret = PROOF_COOKIE_PAIR.exec(cookie)?.[1];
    if (secret) return decodeURIComponent(secret);
  }
  return null;
}

const PROOF_COOKIE_PAIR = new RegExp(`^(?:__Secure-)?better-auth\\.${PROOF_COOKIE}=([^;]+)`);

/** What the code's form shows again: the address it went to, and the browser's secret. */
function proofValues(fields: Record<string, string>): Record<string, string> {
  return { email: (fields.email ?? "").slice(0, 254), proof: (fields.proof ?? "").slice(0, 64) };
}

/** "Forgot your password?": the link is mailed (the same answer whether the account exists or not). */
async function requestReset(context: FormContext): Promise<PageFormAnswer> {
  const { status, ...outcome } = await mailLink("/api/auth/request-password-reset", context);
  return { kind: "page", status, outcome: { form: "reset-request", ...outcome } };
}

/** «Entrar con un enlace»: a sign-in link is mailed, alike for any address (decision 031). */
async function requestEmailLink(context: FormContext): Promise<PageFormAnswer> {
  const { status, ...outcome } = await mailLink("/api/auth/sign-in/magic-link", context);
  return { kind: "page", status, outcome: { form: "email-link", ...outcome } };
}

/** Asks an endpoint that mails a link to the typed address: where it went, or why not. */
async function mailLink(
  endpoint: "/api/auth/request-password-reset" | "/api/auth/sign-in/magic-link",
  { fields, callApi }: FormContext,
) {
  const parsed = requestResetSchema.safeParse({ email: fields.email ?? "" });
  const values = shownValues(fields);
  if (!parsed.success) {
    return { status: 400, values, error: null, fields: fieldErrors(parsed.error.issues), sentTo: null };
  }
  const response = await callApi(endpoint, parsed.data);
  if (response.ok) return { status: 200, values, error: null, fields: {}, sentTo: parsed.data.email };
  return { status: response.status, values, error: await refusal(response), fields: {}, sentTo: null };
}

/** The mailed link's form: the new password set with the link's token (single use, expiring). */
async function resetPassword({ fields, callApi }: FormContext): Promise<PageFormAnswer> {
  const answer = (status: number, outcome: Omit<ResetPasswordOutcome, "form" | "values">) => ({
    kind: "page" as const,
    status,
    outcome: { form: "reset-password" as const, values: {}, ...outcome },
  });
  const parsed = resetPasswordSchema.safeParse({
    password: fields.password ?? "",
    confirmPassword: fields.confirmPassword ?? "",
  });
  if (!parsed.success)
    return answer(400, { error: null, fields: fieldErrors(parsed.error.issues), done: false });
  const response = await callApi("/api/auth/reset-password", {
    token: fields.token ?? "",
    newPassword: parsed.data.password,
  });
  if (response.ok) return answer(200, { error: null, fields: {}, done: true });
  return answer(response.status, { error: await refusal(response), fields: {}, done: false });
}

/** The identity endpoints' refusal, as the page's script would have read it. */
async function refusal(response: Response): Promise<{ status: number; code: string }> {
  const { code = "http-error" } = errorPartsOf(await response.json().catch(() => null));
  return { status: response.status, code };
}

/** Signed in: on to the account page with the session cookie. Refused: the form again, explained. */
async function signedInOr(
  form: "sign-in",
  fields: Record<string, string>,
  response: Response,
): Promise<PageFormAnswer> {
  if (response.ok) {
    return { kind: "redirect", location: paths.login(), cookies: response.headers.getSetCookie() };
  }
  const outcome: AccountFormOutcome<typeof form> = {
    form,
    error: await refusal(response),
    fields: {},
    values: shownValues(fields),
  };
  return { kind: "page", status: response.status, outcome };
}

type Issues = ReadonlyArray<{ path: PropertyKey[]; message: string }>;

function invalid(form: "sign-in", fields: Record<string, string>, issues: Issues): PageFormAnswer {
  return {
    kind: "page",
    status: 400,
    outcome: { form, error: null, fields: fieldErrors(issues), values: shownValues(fields) },
  };
}

/** The first problem of each field, as the shared schema's codes. */
function fieldErrors(issues: Issues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

/** What the form shows again: what was typed, never a password. */
function shownValues(fields: Record<string, string>): Record<string, string | boolean> {
  return {
    name: fields.name ?? "",
    lastName: fields.lastName ?? "",
    email: fields.email ?? "",
    acceptTerms: fields.acceptTerms === "on",
    newsletter: fields.newsletter === "on",
  };
}

function isNewsletterStatus(code: string): code is NewsletterStatus {
  return ["email-required", "email-invalid", "consent-required"].includes(code);
}
