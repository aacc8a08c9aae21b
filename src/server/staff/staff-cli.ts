import { parseArgs } from "node:util";
import { z } from "zod";
import { inviteStaffSchema } from "#shared/api/staff-contract.ts";
import type { Database } from "../db/client.ts";
import { INVITATION_HOURS, inviteStaff } from "./invitations.ts";

export const STAFF_USAGE = [
  "uso: npm run staff -- invite CORREO [--role owner|staff]",
  "",
  `  Crea una invitación a la gestión (/gestion), válida ${INVITATION_HOURS} horas y de un solo uso,`,
  "  e imprime su enlace: ábrelo (o envíalo a la persona) para crear la cuenta. Sin --role, staff.",
  "  owner gestiona el personal y los ajustes; staff lleva pedidos y clientes.",
  "  Con la base de datos integrada (PGlite, sin DATABASE_URL), detén la tienda antes.",
].join("\n");

export type StaffCommandDeps = {
  db: Database;
  /** The shop's public origin, which the link opens. */
  origin: string;
  now: () => Date;
  print: (line: string) => void;
  fail: (line: string) => void;
};

const optionsSchema = z.object({ role: z.string().optional(), help: z.boolean().optional() });

/**
 * `npm run staff`: the back office's first owner, or anyone, invited from the server's own
 * terminal (issue 30). The audit names the command line as the actor. Returns the exit code.
 */
export async function staffCommand(args: string[], deps: StaffCommandDeps): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    deps.fail(`staff: ${error instanceof Error ? error.message : String(error)}\n\n${STAFF_USAGE}`);
    return 2;
  }
  const options = optionsSchema.parse(parsed.values);
  const [command, email, ...rest] = parsed.positionals;
  if (options.help) {
    deps.print(STAFF_USAGE);
    return 0;
  }
  if (command !== "invite" || email === undefined || rest.length > 0) {
    deps.fail(
      `staff: ${command === undefined ? "falta la orden" : `orden no válida «${[command, email, ...rest].join(" ")}»`}\n\n${STAFF_USAGE}`,
    );
    return 2;
  }
  const invite = inviteStaffSchema.safeParse({ email, role: options.role ?? "staff" });
  if (!invite.success) {
    const field = invite.error.issues[0]?.path[0];
    deps.fail(
      field === "role"
        ? `staff: papel desconocido «${options.role ?? ""}»: usa owner o staff`
        : `staff: «${email}» no es un correo electrónico válido`,
    );
    return 2;
  }
  const result = await inviteStaff(
    { db: deps.db, now: deps.now },
    { ...invite.data, actor: { kind: "cli", name: "cli" }, origin: deps.origin },
  );
  if (result.kind === "already-staff") {
    deps.fail(`staff: ${invite.data.email} ya tiene una cuenta de gestión`);
    return 1;
  }
  deps.print(
    `Invitación creada para ${invite.data.email} (${invite.data.role}), válida ${INVITATION_HOURS} horas.`,
  );
  deps.print(`Enlace (de un solo uso): ${result.link}`);
  return 0;
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: { role: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
}
