import {
  newsletterApi,
  type SubscriberListQuery,
  subscriberListQuerySchema,
} from "#shared/api/back-office-newsletter-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";

/** The list's query as the page's address carries it (`?q=gatos&state=confirmed&page=2`); `ok: false` when the API would refuse it. */
export type SubscribersAddress = { ok: true; query: SubscriberListQuery } | { ok: false };

export function readSubscribersAddress(search: string): SubscribersAddress {
  const params = new URLSearchParams(search);
  const raw: Record<string, string> = {};
  for (const key of ["q", "state", "page"]) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  const parsed = subscriberListQuerySchema.safeParse(raw);
  return parsed.success ? { ok: true, query: parsed.data } : { ok: false };
}

/** Only what differs from the defaults, in one order: one list, one address, one cache key. */
export function subscribersSearch(query: SubscriberListQuery): string {
  const params = new URLSearchParams();
  if (query.q !== undefined) params.set("q", query.q);
  if (query.state !== undefined) params.set("state", query.state);
  if (query.page !== 1) params.set("page", String(query.page));
  const search = params.toString();
  return search === "" ? "" : `?${search}`;
}

export const subscribersHref = (query: SubscriberListQuery) =>
  `${backOfficePaths.newsletter()}${subscribersSearch(query)}`;

/** The CSV of what the list shows: every page of it. A plain link, so the browser downloads it. */
export const exportHref = (query: SubscriberListQuery) =>
  `${newsletterApi.export}${subscribersSearch({ ...query, page: 1 })}`;

/** The page of the issues list the address asks for (`?page=2`); 1 for anything else. */
export function issuesPageOf(search: string): number {
  const page = Number(new URLSearchParams(search).get("page") ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

export const issuesHref = (page: number) =>
  page === 1 ? backOfficePaths.newsletterIssues() : `${backOfficePaths.newsletterIssues()}?page=${page}`;
