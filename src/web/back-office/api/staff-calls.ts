import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import {
  type AcceptInvitationRequest,
  type InvitationView,
  invitationViewSchema,
  type StaffMe,
  staffMeSchema,
} from "#shared/api/staff-contract.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { type Fetcher, fetcherOf } from "#web/lib/query-client.ts";
import { staffApiError } from "./staff-api-error.ts";

/**
 * The back office's calls of the staff API (`/api/gestion`, issue 30), each answer checked by its
 * schema: the staff API is not part of the storefront's typed client, and the back office's
 * bundle carries none of the storefront's.
 */
const STAFF_API = "/api/gestion";
const STAFF_AUTH = `${STAFF_API}/auth`;

export const browserFetch: Fetcher = (input, init) => fetch(input, init);

export async function call(fetcher: Fetcher, path: string, payload?: unknown): Promise<unknown> {
  const response = await fetcher(path, {
    ...(payload === undefined ? {} : { method: "POST", body: JSON.stringify(payload) }),
    headers: {
      accept: "application/json",
      ...(payload === undefined ? {} : { "content-type": "application/json" }),
    },
  });
  const answer: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) throw staffApiError(response, answer);
  return answer;
}

const isStatus = (error: unknown, ...statuses: number[]) =>
  error instanceof ApiError && statuses.includes(error.status);

/** Who is signed in to the back office; null when nobody is (401), or a disabled account (403). */
export const meQuery = () =>
  queryOptions({
    queryKey: ["gestion", "me"],
    queryFn: async ({ client }): Promise<StaffMe | null> => {
      try {
        return staffMeSchema.parse(await call(fetcherOf(client), `${STAFF_API}/me`));
      } catch (error) {
        if (isStatus(error, 401, 403)) return null;
        throw error;
      }
    },
    staleTime: 30_000,
  });

export type InvitationState = { kind: "open"; view: InvitationView } | { kind: "unknown" } | { kind: "gone" };

/** What an invitation's link opens: the address and role invited, or why it opens nothing. */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ["gestion", "invitation", token],
    queryFn: async ({ client }): Promise<InvitationState> => {
      if (token === "") return { kind: "unknown" };
      try {
        const answer = await call(fetcherOf(client), `${STAFF_API}/invitations/${encodeURIComponent(token)}`);
        return { kind: "open", view: invitationViewSchema.parse(answer) };
      } catch (error) {
        if (isStatus(error, 410)) return { kind: "gone" };
        if (isStatus(error, 400, 404)) return { kind: "unknown" };
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

const signInAnswerSchema = z.looseObject({ twoFactorRedirect: z.boolean().optional() });

/** The password step; `secondFactor` when the code is asked for next. */
export async function signIn(values: {
  email: string;
  password: string;
}): Promise<"signed-in" | "second-factor"> {
  const answer = signInAnswerSchema.parse(await call(browserFetch, `${STAFF_AUTH}/sign-in/email`, values));
  return answer.twoFactorRedirect === true ? "second-factor" : "signed-in";
}

/** A code from the authenticator: finishes a sign-in, or confirms the enrolment. */
export async function verifyTotp(code: string): Promise<void> {
  await call(browserFetch, `${STAFF_AUTH}/two-factor/verify-totp`, { code });
}

/** One of the backup codes shown at enrolment, instead of the authenticator's code (used once). */
export async function verifyBackupCode(code: string): Promise<void> {
  await call(browserFetch, `${STAFF_AUTH}/two-factor/verify-backup-code`, { code });
}

const totpSetupSchema = z.object({ totpURI: z.string().min(1), backupCodes: z.array(z.string()) });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** Starts the enrolment: the secret (as an otpauth:// URI) and the backup codes, shown once. */
export async function enableTwoFactor(password: string): Promise<TotpSetup> {
  return totpSetupSchema.parse(await call(browserFetch, `${STAFF_AUTH}/two-factor/enable`, { password }));
}

/** Makes the invited account; the new staff member is then signed in, without a second factor yet. */
export async function acceptInvitation(token: string, values: AcceptInvitationRequest): Promise<void> {
  await call(browserFetch, `${STAFF_API}/invitations/${encodeURIComponent(token)}/accept`, values);
}

export async function signOut(): Promise<void> {
  await call(browserFetch, `${STAFF_AUTH}/sign-out`, {});
}
