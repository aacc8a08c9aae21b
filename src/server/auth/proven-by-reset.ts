import { and, eq, ne } from "drizzle-orm";
import { socialProviderNames, socialProviderSchema } from "#shared/api/social-sign-in-contract.ts";
import type { Database } from "../db/client.ts";
import { account, passkey, user as userTable } from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
import { accountChangedMail } from "./account-notice-mails.ts";
import { langOfRequest } from "./auth-mails.ts";

type ResetUser = { id: string; email: string; name: string; emailVerified: boolean };

/**
 * A completed password reset proves the mailbox, and the password is now the owner's (decision
 * 031). If the address had never been proven, whoever created the account need not be its owner
 * (issue 28: someone registers another person's address and connects their own Google): every
 * other way in goes — the connected providers and passkeys here, the sessions with the reset
 * itself (`revokeSessionsOnPasswordReset`) — and the owner is mailed the list (decision 033).
 * `user` is the account as it was before the reset.
 */
export async function provenByReset(
  { db, mailer }: { db: Database; mailer: Mailer },
  user: ResetUser,
  request: Request | undefined,
): Promise<void> {
  await db.update(userTable).set({ emailVerified: true }).where(eq(userTable.id, user.id));
  if (user.emailVerified) return;
  const removed = await db
    .delete(account)
    .where(and(eq(account.userId, user.id), ne(account.providerId, "credential")))
    .returning({ providerId: account.providerId });
  // Passkeys too: one added while the account was proven stays after a change of address.
  const passkeys = await db.delete(passkey).where(eq(passkey.userId, user.id)).returning({ id: passkey.id });
  const names = removed.map(({ providerId }) => {
    const known = socialProviderSchema.safeParse(providerId);
    return known.success ? socialProviderNames[known.data] : providerId;
  });
  const change = { kind: "reset-unproven" as const, removed: names, passkeys: passkeys.length };
  await mailer.send(accountChangedMail(user, change, langOfRequest(request)));
}
