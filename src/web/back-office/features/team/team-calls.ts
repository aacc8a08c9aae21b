import { queryOptions } from "@tanstack/react-query";
import {
  type InvitationCreated,
  type InviteStaffRequest,
  invitationCreatedSchema,
  type OpenInvitation,
  openInvitationListSchema,
  type StaffMember,
  staffListSchema,
  staffMemberSchema,
} from "#shared/api/staff-contract.ts";
import { fetcherOf } from "#web/lib/query-client.ts";
import { browserFetch, call } from "../../api/staff-calls.ts";

/** The owner's calls of the staff API (issue 30): the team, its invitations, inviting, disabling. */
const STAFF = "/api/gestion/staff";

export const teamQuery = () =>
  queryOptions({
    queryKey: ["gestion", "team", "members"],
    queryFn: async ({ client }): Promise<StaffMember[]> =>
      staffListSchema.parse(await call(fetcherOf(client), STAFF)).staff,
  });

export const openInvitationsQuery = () =>
  queryOptions({
    queryKey: ["gestion", "team", "invitations"],
    queryFn: async ({ client }): Promise<OpenInvitation[]> =>
      openInvitationListSchema.parse(await call(fetcherOf(client), `${STAFF}/invitations`)).invitations,
  });

/** Invites an address; the link goes by mail only. */
export async function inviteStaff(values: InviteStaffRequest): Promise<InvitationCreated> {
  return invitationCreatedSchema.parse(await call(browserFetch, `${STAFF}/invitations`, values));
}

/** Disables a member: they sign in no more, and their sessions end now. */
export async function disableStaff(id: string): Promise<StaffMember> {
  return staffMemberSchema.parse(await call(browserFetch, `${STAFF}/${encodeURIComponent(id)}/disable`, {}));
}
