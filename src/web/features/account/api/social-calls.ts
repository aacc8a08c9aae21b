import { queryOptions } from "@tanstack/react-query";
import type { SessionUser } from "#shared/api/account-contract.ts";
import type { CompleteSignUpForm, SocialProvider } from "#shared/api/social-sign-in-contract.ts";
import { answerOf, api, apiQuery, jsonBody } from "#web/lib/api-client.ts";
import { perUserMeta } from "#web/lib/query-client.ts";

/** Where «Continuar con …» links (?provider=): the server answers with a redirect to the provider. */
export const SOCIAL_SIGN_IN_ACTION = "/api/social/sign-in";
/** Where the welcome form posts (the script sends the same as JSON). */
export const SOCIAL_COMPLETE_ACTION = "/api/social/complete";

/** The providers the shop is configured for: the same for everyone, kept with the page. */
export const socialProvidersQuery = queryOptions({
  queryKey: ["social-providers"],
  queryFn: apiQuery((api) => api.social.providers.$get()),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * The account a first social sign-in made, waiting for its names and the terms. Drawn into the
 * page where a sign-in lands: for a request with a session that page is kept by no cache; the
 * visitors' kept one says "none" (pages.routes.ts, decision 033).
 */
export const pendingSignUpQuery = queryOptions({
  queryKey: ["social-pending"],
  queryFn: apiQuery((api) => api.social.pending.$get()),
});

export async function completeSignUp(form: CompleteSignUpForm): Promise<SessionUser> {
  // The route reads its body itself (a form posted without the script, or this JSON): its input
  // is not in the API's type, its answer is.
  const answer = await answerOf(api.social.complete.$post(undefined, jsonBody(form)));
  return answer.user;
}

/** Which providers open the signed-in account (shown on /datos/personales). */
export const socialLinksQuery = queryOptions({
  queryKey: ["social-links"],
  queryFn: apiQuery((api) => api.social.links.$get()),
  meta: perUserMeta,
});

/** «Conectar …»: a plain link; the server answers with a redirect to the provider. */
export const socialLinkStart = (provider: SocialProvider) => `/api/social/links/${provider}/start`;

export async function unlinkSocial(provider: SocialProvider): Promise<void> {
  await answerOf(api.social.links[":provider"].$delete({ param: { provider } }));
}
