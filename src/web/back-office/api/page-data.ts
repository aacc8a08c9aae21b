import type { QueryClient } from "@tanstack/react-query";

/** Where a page was asked for: its address and its path's parameters (`:number`, `:id`). */
export type PageAddress = { url: URL; params: Readonly<Record<string, string | undefined>> };

/**
 * What a page fetches on the server before it is drawn, into the request's query client, once
 * the guard has let the staff member in. It may answer a status of its own (404 for an order
 * that does not exist); undefined is 200.
 */
export type PageData = (queryClient: QueryClient, at: PageAddress) => Promise<{ status: number } | undefined>;
