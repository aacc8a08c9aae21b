import type { PageData } from "../../api/page-data.ts";
import { openInvitationsQuery, teamQuery } from "./team-calls.ts";

/** What the page fetches on the server before it is drawn (issue 30): the team and its invitations. */
export const teamPageData: PageData = async (queryClient) => {
  await Promise.all([
    queryClient.prefetchQuery(teamQuery()),
    queryClient.prefetchQuery(openInvitationsQuery()),
  ]);
  return undefined;
};
