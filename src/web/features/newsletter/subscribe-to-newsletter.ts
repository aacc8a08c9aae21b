import type { NewsletterRequest, NewsletterResponse } from "#shared/api/newsletter-contract.ts";
import { apiRequest } from "#web/lib/api-client.ts";

export function subscribeToNewsletter(input: NewsletterRequest): Promise<NewsletterResponse> {
  return apiRequest<NewsletterResponse>("/api/newsletter", { method: "POST", body: JSON.stringify(input) });
}
