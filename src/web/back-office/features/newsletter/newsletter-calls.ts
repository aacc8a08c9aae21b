import { queryOptions } from "@tanstack/react-query";
import {
  type IssueDraft,
  type IssueList,
  type IssuePreview,
  type IssueSendRequest,
  type IssueView,
  issueAnswerSchema,
  issueListSchema,
  issuePreviewSchema,
  newsletterApi,
  type SubscriberList,
  subscriberListSchema,
} from "#shared/api/back-office-newsletter-contract.ts";
import { type Fetcher, fetcherOf } from "#web/lib/query-client.ts";
import { staffApiError } from "../../api/staff-api-error.ts";
import { browserFetch, call } from "../../api/staff-calls.ts";
import { readSubscribersAddress, subscribersSearch } from "./newsletter-url.ts";

const json = { accept: "application/json" };

/** Every newsletter query starts with this key: a sent issue makes them all stale. */
export const newsletterKey = ["gestion", "newsletter"] as const;

/** The list at an address: a page of subscribers, or a query the API refuses (a hand-edited address). */
export type SubscribersAnswer = { kind: "list"; list: SubscriberList } | { kind: "invalid" };

/** The subscribers at the page's address (`search`, its `?…`), as the API answers them. */
export const subscribersQuery = (search: string) => {
  const address = readSubscribersAddress(search);
  const canonical = address.ok ? subscribersSearch(address.query) : search;
  return queryOptions({
    queryKey: [...newsletterKey, "subscribers", address.ok ? canonical : `invalid:${search}`],
    queryFn: async ({ client }): Promise<SubscribersAnswer> =>
      address.ok ? fetchSubscribers(fetcherOf(client), canonical) : { kind: "invalid" },
    staleTime: 10_000,
  });
};

async function fetchSubscribers(fetcher: Fetcher, search: string): Promise<SubscribersAnswer> {
  const response = await fetcher(`${newsletterApi.subscribers}${search}`, { headers: json });
  const answer: unknown = await response.json().catch(() => null);
  if (response.status === 400) return { kind: "invalid" };
  if (!response.ok) throw staffApiError(response, answer);
  return { kind: "list", list: subscriberListSchema.parse(answer) };
}

/** A page of the issues sent, newest first. */
export const issuesQuery = (page: number) =>
  queryOptions({
    queryKey: [...newsletterKey, "issues", page],
    queryFn: async ({ client }): Promise<IssueList> => {
      const path = page === 1 ? newsletterApi.issues : `${newsletterApi.issues}?page=${page}`;
      const response = await fetcherOf(client)(path, { headers: json });
      const answer: unknown = await response.json().catch(() => null);
      if (!response.ok) throw staffApiError(response, answer);
      return issueListSchema.parse(answer);
    },
    staleTime: 10_000,
  });

/** An issue's page, or none at that address (a wrong id). */
export type IssueAnswer = { kind: "found"; issue: IssueView } | { kind: "missing" };

export const issueKey = (id: string) => [...newsletterKey, "issue", id] as const;

export const issueQuery = (id: string) =>
  queryOptions({
    queryKey: issueKey(id),
    queryFn: async ({ client }): Promise<IssueAnswer> => {
      const response = await fetcherOf(client)(newsletterApi.issue(id), { headers: json });
      const answer: unknown = await response.json().catch(() => null);
      if (response.status === 404 || response.status === 400) return { kind: "missing" };
      if (!response.ok) throw staffApiError(response, answer);
      return { kind: "found", issue: issueAnswerSchema.parse(answer).issue };
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The mails as each language's subscribers will read them, how many they are, and the send's id. */
export const previewIssue = async (draft: IssueDraft): Promise<IssuePreview> =>
  issuePreviewSchema.parse(await call(browserFetch, newsletterApi.preview, draft));

/** Sends the issue previewed: the issue as kept. A second send of it is refused (409, `issue-already-sent`). */
export const sendIssue = async (request: IssueSendRequest): Promise<IssueView> =>
  issueAnswerSchema.parse(await call(browserFetch, newsletterApi.issues, request)).issue;
