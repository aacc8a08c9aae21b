import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import type { StaffMe } from "#shared/api/staff-contract.ts";
import { type GuardedPage, redirectFor } from "../api/staff-access.ts";
import { meQuery } from "../api/staff-calls.ts";

/**
 * Who is signed in, and where this page sends them (undefined: they stay). The server already
 * redirected a page loaded by address; this covers the pages reached inside the app.
 */
export function useStaffMe(page: GuardedPage): {
  me: StaffMe | null;
  redirect: string | undefined;
  /** Asks the server again, after a sign-in, an enrolment or a sign-out. */
  refresh: () => Promise<void>;
} {
  const queryClient = useQueryClient();
  const { data: me } = useSuspenseQuery(meQuery());
  return {
    me,
    redirect: redirectFor(page, me),
    refresh: () => queryClient.refetchQueries({ queryKey: meQuery().queryKey, exact: true }),
  };
}
