import { Hono } from "hono";
import {
  acceptInvitationSchema,
  invitationTokenParamSchema,
  inviteStaffSchema,
  type StaffMe,
  staffErrorCodes,
  staffIdParamSchema,
} from "#shared/api/staff-contract.ts";
import { CLIENT_IP_HEADER } from "../auth/auth.ts";
import { langOfRequest } from "../auth/auth-mails.ts";
import { isCommonPassword } from "../auth/common-passwords.ts";
import type { Database } from "../db/client.ts";
import { clientAddress } from "../http/client-address.ts";
import type { OriginPolicy } from "../http/origin-policy.ts";
import { apiError, validate } from "../http/validate.ts";
import type { Logger } from "../logger.ts";
import type { MailOutbox } from "../mail/mail-outbox.ts";
import { acceptInvitation, inviteStaff, listOpenInvitations, readInvitation } from "./invitations.ts";
import { refusal } from "./staff-guard.ts";
import type { StaffIdentity } from "./staff-identity.ts";
import { disableStaff, listStaff } from "./staff-members.ts";

export type StaffRoutesDeps = {
  db: Database;
  mail: MailOutbox;
  origins: OriginPolicy;
  logger: Logger;
  now?: () => Date;
};

const gone = () => apiError(staffErrorCodes.invitationGone, "This invitation was used or has expired");
const unknownInvitation = () => apiError("not-found", "No such invitation");

/**
 * /api/gestion: the back office's identity (issue 30). better-auth's staff endpoints under
 * /auth/*, the signed-in member, the staff list and invitations (owners), and the invitation's
 * link, which needs no session.
 */
export function staffRoutes(staff: StaffIdentity, deps: StaffRoutesDeps) {
  const { db, mail, origins, logger, now = () => new Date() } = deps;
  const owner = staff.requireStaff({ role: "owner" });
  const token = validate("param", invitationTokenParamSchema);
  // The address better-auth limits by is the client's as the shop resolves it (through trusted
  // proxies only), whatever the request sent in that header.
  const withClientAddress = (request: Request, address: string) => {
    const headers = new Headers(request.headers);
    headers.set(CLIENT_IP_HEADER, address);
    return headers;
  };

  return new Hono()
    .on(["GET", "POST"], "/auth/*", async (c) =>
      staff.auth.handler(new Request(c.req.raw, { headers: withClientAddress(c.req.raw, clientAddress(c)) })),
    )
    .get("/me", async (c) => {
      const user = await staff.readStaff(c.req.raw.headers);
      const refused = refusal(c, user, { secondFactor: false });
      if (refused || !user)
        return refused ?? c.json(apiError(staffErrorCodes.unauthorized, "Sign in first"), 401);
      const me: StaffMe = {
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        twoFactorEnabled: user.twoFactorEnabled === true,
      };
      c.header("cache-control", "private, no-store");
      return c.json(me);
    })
    .get("/staff", owner, async (c) => c.json({ staff: await listStaff(db) }))
    .get("/staff/invitations", owner, async (c) => {
      c.header("cache-control", "private, no-store");
      return c.json({ invitations: await listOpenInvitations({ db, now }) });
    })
    .post("/staff/invitations", owner, validate("json", inviteStaffSchema), async (c) => {
      const { email, role } = c.req.valid("json");
      const result = await inviteStaff(
        { db, now },
        {
          email,
          role,
          actor: c.get("staff"),
          origin: origins.linkOrigin(c.req.raw),
          mail: { outbox: mail, lang: langOfRequest(c.req.raw) },
        },
      );
      if (result.kind === "already-staff") {
        return c.json(
          apiError(staffErrorCodes.alreadyStaff, "This address already has a staff account"),
          409,
        );
      }
      mail.deliver().catch((error: unknown) => logger.error({ err: error }, "staff invitation not sent yet"));
      return c.json(result.invitation, 201);
    })
    .post("/staff/:id/disable", owner, validate("param", staffIdParamSchema), async (c) => {
      const result = await disableStaff(db, c.get("staff"), c.req.valid("param").id, now());
      // Their next request here is refused even before the database's announcement arrives.
      if (result.kind === "disabled") staff.forget(result.member.id);
      if (result.kind === "unknown") return c.json(apiError("not-found", "No such staff member"), 404);
      if (result.kind === "own-account") {
        return c.json(apiError(staffErrorCodes.ownAccount, "You cannot disable your own account"), 409);
      }
      if (result.kind === "already-disabled") {
        return c.json(
          apiError(staffErrorCodes.alreadyDisabled, "This staff member is already disabled"),
          409,
        );
      }
      return c.json(result.member);
    })
    .get("/invitations/:token", token, async (c) => {
      const state = await readInvitation({ db, now }, c.req.valid("param").token);
      if (state.kind === "unknown") return c.json(unknownInvitation(), 404);
      if (state.kind === "gone") return c.json(gone(), 410);
      c.header("cache-control", "private, no-store");
      return c.json(state.view);
    })
    .post("/invitations/:token/accept", token, validate("json", acceptInvitationSchema), async (c) => {
      const { token: secret } = c.req.valid("param");
      const { name, password } = c.req.valid("json");
      if (isCommonPassword(password)) {
        const fields = { password: staffErrorCodes.passwordTooCommon };
        return c.json({ error: { code: "invalid-request", message: "Invalid json", fields } }, 400);
      }
      // Hashing is slow on purpose: not for a link that opens nothing.
      const state = await readInvitation({ db, now }, secret);
      if (state.kind === "unknown") return c.json(unknownInvitation(), 404);
      if (state.kind === "gone") return c.json(gone(), 410);
      const passwordHash = await (await staff.auth.$context).password.hash(password);
      const accepted = await acceptInvitation({ db, now }, secret, { name, passwordHash });
      if (accepted.kind === "unknown") return c.json(unknownInvitation(), 404);
      if (accepted.kind === "gone") return c.json(gone(), 410);
      if (accepted.kind === "already-staff") {
        return c.json(
          apiError(staffErrorCodes.alreadyStaff, "This address already has a staff account"),
          409,
        );
      }
      // Signed in at once, through better-auth's own sign-in (its cookie, its session, the limits).
      const signedIn = await staff.auth.api.signInEmail({
        body: { email: accepted.user.email, password },
        headers: withClientAddress(c.req.raw, clientAddress(c)),
        asResponse: true,
      });
      if (!signedIn.ok) logger.error({ status: signedIn.status }, "new staff member not signed in");
      for (const cookie of signedIn.headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
      const me: StaffMe = { ...accepted.user, twoFactorEnabled: false };
      c.header("cache-control", "private, no-store");
      return c.json(me, 201);
    });
}
