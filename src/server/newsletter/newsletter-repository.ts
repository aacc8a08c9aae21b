import type { Lang } from "#shared/lang.ts";
import type { Database } from "../db/client.ts";
import { newsletterSubscriptions } from "../db/schema.ts";

/** Stores the address once (case-insensitively); returns false when it was already there. */
export async function subscribe(
  db: Database,
  input: { email: string; locale: Lang; consentedAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(newsletterSubscriptions)
    .values({ ...input, email: input.email.toLowerCase() })
    .onConflictDoNothing({ target: newsletterSubscriptions.email })
    .returning({ id: newsletterSubscriptions.id });
  return inserted.length > 0;
}
