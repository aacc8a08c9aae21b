import type { NewsletterRequest, NewsletterResponse } from "#shared/api/newsletter-contract.ts";
import { answerOf, api } from "#web/lib/api-client.ts";

export function subscribeToNewsletter(input: NewsletterRequest): Promise<NewsletterResponse> {
  return answerOf(api.newsletter.$post({ json: input }));
}
