import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "./account-contract.ts";
import { textField } from "./text-fields.ts";

/** The back office's roles (issue 30): owner manages staff and settings; staff run orders and customers. */
export const staffRoleSchema = z.enum(["owner", "staff"]);
export type StaffRoleName = z.infer<typeof staffRoleSchema>;

const email = z.string().trim().toLowerCase().min(1, "email-required").max(254).email("email-invalid");

/** `POST /api/gestion/staff/invitations`: who is invited, and as what. */
export const inviteStaffSchema = z.object({ email, role: staffRoleSchema }).strict();
export type InviteStaffRequest = z.infer<typeof inviteStaffSchema>;

/** The token of an invitation's link: 43 base64url characters (32 random bytes). */
export const invitationTokenParamSchema = z.object({
  token: z
    .string()
    .min(20)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, "token-invalid"),
});

/** `POST /api/gestion/invitations/:token/accept`: the new account's name and password (the shop's sign-up rules). */
export const acceptInvitationSchema = z
  .object({
    name: textField(80, "name-required"),
    password: z.string().min(PASSWORD_MIN, "password-too-short").max(PASSWORD_MAX, "password-too-long"),
  })
  .strict();
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationSchema>;

/** `GET /api/gestion/invitations/:token`: what the invitation page shows. */
export const invitationViewSchema = z.object({ email: z.string(), role: staffRoleSchema });
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** `POST /api/gestion/staff/invitations`: the invitation made (its link went by mail only). */
export const invitationCreatedSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  expiresAt: z.string(),
});
export type InvitationCreated = z.infer<typeof invitationCreatedSchema>;

/** One of `GET /api/gestion/staff/invitations` (owner only): an invitation not used and not expired. */
export const openInvitationSchema = invitationCreatedSchema.extend({ createdAt: z.string() });
export type OpenInvitation = z.infer<typeof openInvitationSchema>;

export const openInvitationListSchema = z.object({ invitations: z.array(openInvitationSchema) });
export type OpenInvitationList = z.infer<typeof openInvitationListSchema>;

/** `GET /api/gestion/me`: the signed-in staff member, with or without their second factor yet. */
export const staffMeSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  twoFactorEnabled: z.boolean(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

/** One row of `GET /api/gestion/staff` (owner only). */
export const staffMemberSchema = staffMeSchema.extend({
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

/** `:id` of `POST /api/gestion/staff/:id/disable`. */
export const staffIdParamSchema = z.object({ id: z.string().min(1).max(100) });

/** Error codes of the back office's identity, besides the shared `invalid-request` and `not-found`. */
export const staffErrorCodes = {
  unauthorized: "unauthorized",
  secondFactorRequired: "second-factor-required",
  forbidden: "forbidden",
  disabled: "staff-disabled",
  invitationGone: "invitation-gone",
  alreadyStaff: "already-staff",
  ownAccount: "own-account",
  alreadyDisabled: "already-disabled",
  passwordTooCommon: "password-too-common",
} as const;
