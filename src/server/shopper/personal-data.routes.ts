import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { type PersonalDataView, personalDataSchema } from "#shared/api/personal-data-contract.ts";
import { requireUser, type SessionReader, type UserEnv } from "../auth/require-user.ts";
import type { Database } from "../db/client.ts";
import { personalData, user } from "../db/schema.ts";
import { validate } from "../http/validate.ts";
import type { ChangeHub } from "../live/change-hub.ts";

/** /datos/personales: name and surname live on the account, phone and birth date beside it. */
export function personalDataRoutes(sessions: SessionReader, db: Database, hub: ChangeHub) {
  async function view(userId: string): Promise<PersonalDataView> {
    const [row] = await db
      .select({
        name: user.name,
        lastName: user.lastName,
        email: user.email,
        phone: personalData.phone,
        birthDate: personalData.birthDate,
      })
      .from(user)
      .leftJoin(personalData, eq(personalData.userId, user.id))
      .where(eq(user.id, userId));
    if (!row) throw new Error(`No user ${userId}`);
    return { ...row, phone: row.phone ?? "", birthDate: row.birthDate ?? "" };
  }

  return new Hono<UserEnv>()
    .use(requireUser(sessions))
    .get("/", async (c) => c.json(await view(c.get("user").id)))
    .put("/", validate("json", personalDataSchema), async (c) => {
      const userId = c.get("user").id;
      const { name, lastName, phone, birthDate } = c.req.valid("json");
      await db.transaction(async (tx) => {
        await tx.update(user).set({ name, lastName }).where(eq(user.id, userId));
        await tx
          .insert(personalData)
          .values({ userId, phone, birthDate })
          .onConflictDoUpdate({ target: personalData.userId, set: { phone, birthDate } });
      });
      await hub.publish(userId, "personalData");
      return c.json(await view(userId));
    });
}
