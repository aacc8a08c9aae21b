import { APIError } from "better-auth/api";
import { z } from "zod";
import { hasControlCharacters } from "#shared/text.ts";

/** What a session's user says about the account, as better-auth and our fields store it. */
const accountState = z.object({
  emailVerified: z.boolean(),
  isAnonymous: z.boolean().nullish(),
  profilePending: z.boolean().nullish(),
});

/**
 * A passkey is a way in: only a signed-in account whose address is proven may add one. A guest
 * (decision 032) and a first social sign-in still waiting for its names (decision 033) are no
 * accounts yet; an unproven address may be someone else's, who would keep a way in (issue 28).
 */
export function refuseUnprovenAccount(user: unknown): void {
  if (user === undefined || user === null) {
    throw new APIError("UNAUTHORIZED", { code: "UNAUTHORIZED", message: "Sign in first" });
  }
  const state = accountState.safeParse(user);
  if (!state.success || state.data.isAnonymous || state.data.profilePending) {
    throw new APIError("FORBIDDEN", {
      code: "ACCOUNT_REQUIRED",
      message: "Only an account may add a passkey",
    });
  }
  if (!state.data.emailVerified) {
    throw new APIError("FORBIDDEN", {
      code: "EMAIL_NOT_VERIFIED",
      message: "Prove the account's email address before adding a passkey",
    });
  }
}

const NAME_MAX = 60;

/** A passkey's name: the plugin would store any text, of any length. */
const namedBody = z.object({
  name: z
    .string()
    .max(NAME_MAX)
    .refine((name) => !hasControlCharacters(name))
    .optional(),
});

/** A name over 60 characters or with control characters is refused. */
export function refuseBadName(body: unknown): void {
  if (!namedBody.safeParse(body ?? {}).success) {
    throw new APIError("BAD_REQUEST", { code: "INVALID_PASSKEY_NAME", message: "Invalid passkey name" });
  }
}

/** The outline of a browser's WebAuthn answer (`PublicKeyCredential.toJSON()`), base64url parts. */
const credentialAnswer = z.object({
  response: z.looseObject({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal("public-key"),
    response: z.looseObject({
      clientDataJSON: z.string().max(4096),
      transports: z.array(z.string().max(32)).max(16).optional(),
    }),
  }),
});

/**
 * An answer that is no browser's is refused before the plugin reads it: it would look a
 * credential up by any value, and fail on a wrong shape with a 500 (issue 28's fuzzing rule).
 */
export function refuseMalformedAnswer(body: unknown): void {
  if (!credentialAnswer.safeParse(body).success) {
    throw new APIError("BAD_REQUEST", {
      code: "INVALID_PASSKEY_ANSWER",
      message: "Malformed passkey answer",
    });
  }
}

/**
 * The plugin answers 500 for a registration it could not verify, whatever the reason (a garbled
 * attestation, the challenge of another tab): it is the browser's answer that was wrong, so the
 * shop answers 400 with the same code. Anything else passes as it is.
 */
export async function unverifiedRegistration(response: Response): Promise<Response | undefined> {
  if (response.status !== 500) return undefined;
  const body = unverified.safeParse(
    await response
      .clone()
      .json()
      .catch(() => null),
  );
  if (!body.success) return undefined;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body.data), { status: 400, headers });
}

const unverified = z.looseObject({ code: z.literal("FAILED_TO_VERIFY_REGISTRATION") });
