import { queryOptions } from "@tanstack/react-query";
import type { SessionUser } from "#shared/api/account-contract.ts";
import type {
  CompleteSignUpForm,
  PendingSignUpAnswer,
  SocialLinksAnswer,
  SocialProvider,
  SocialProvidersAnswer,
} from "#shared/api/social-sign-in-contract.ts";
import { apiQuery, apiRequest } from "#web/lib/api-client.ts";
import { perUserMeta } from "#web/lib/query-client.ts";

/** Where «Continuar con …» links (?provider=): the server answers with a redirect to the provider. */
export const SOCIAL_SIGN_IN_ACTION = "/api/social/sign-in";
/** Where the welcome form posts (the script sends the same as JSON). */
export const SOCIAL_COMPLETE_ACTION = "/api/social/complete";

/** The providers the shop is configured for: the same for everyone, kept with the page. */
export const socialProvidersQuery = queryOptions({
  queryKey: ["social-providers"],
  queryFn: apiQuery<SocialProvidersAnswer>("/api/social/providers"),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * The account a first social sign-in made, waiting for its names and the terms. Drawn into the
 * page where a sign-in lands: for a request with a session that page is kept by no cache; the
 * visitors' kept one says "none" (pages.routes.ts, decision 033).
 */
export const pendingSignUpQuery = queryOptions({
  queryKey: ["social-pending"],
  queryFn: apiQuery<PendingSignUpAnswer>("/api/social/pending"),
});

export async function completeSignUp(form: CompleteSignUpForm): Promise<SessionUser> {
  const answer = await apiRequest<{ user: SessionUser }>(SOCIAL_COMPLETE_ACTION, {
    method: "POST",
    body: JSON.stringify(form),
  });
  return answer.user;
}

/** Which providers open the signed-in account (shown on /datos/personales). */
export const socialLinksQuery = queryOptions({
  queryKey: ["social-links"],
  queryFn: apiQuery<SocialLinksAnswer>("/api/social/links"),
  meta: perUserMeta,
});

/** «Conectar …»: a plain link; the server answers with a redirect to the provider. */
export const socialLinkStart = (provider: SocialProvider) => `/api/social/links/${provider}/start`;

export async function unlinkSocial(provider: SocialProvider): Promise<void> {
  await apiRequest(`/api/social/links/${provider}`, { method: "DELETE" });
}
