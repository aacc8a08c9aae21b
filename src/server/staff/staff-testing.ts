import { z } from "zod";
import { TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { totpCode } from "../testing/totp-code.ts";
import { staffCommand } from "./staff-cli.ts";

export { totpCode };

/** A browser of the back office in API tests: it keeps the cookies each answer sets. */
export function staffBrowser(api: TestApi, initialCookie = "") {
  const jar = new Map<string, string>();
  for (const pair of initialCookie.split(/;\s*/).filter(Boolean)) {
    const [name = "", ...value] = pair.split("=");
    jar.set(name, value.join("="));
  }
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(/;\s*/);
      const [name = "", ...value] = pair.split("=");
      const expired = value.join("=") === "" || attributes.some((a) => /^max-age=0$/i.test(a));
      if (expired) jar.delete(name);
      else jar.set(name, value.join("="));
    }
    return response;
  };
  const send = async (method: string, path: string, body?: unknown) =>
    keep(
      await api.request(path, {
        method,
        headers: {
          origin: TEST_ORIGIN,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(jar.size > 0 ? { cookie: cookie() } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  return {
    get: (path: string) => send("GET", path),
    post: (path: string, body: unknown = {}) => send("POST", path, body),
    cookie,
    cookieNames: () => [...jar.keys()],
  };
}
export type StaffBrowser = ReturnType<typeof staffBrowser>;

/** The token of a link to `/gestion/invitacion?token=…` in a text. */
export function invitationTokenIn(text: string): string {
  const token = /\/gestion\/invitacion\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no invitation link in: ${text}`);
  return token;
}

/** `npm run staff -- invite EMAIL --role ROLE`, as the command line runs it; the link's token. */
export async function inviteFromCli(
  api: TestApi,
  email: string,
  role: "owner" | "staff",
  now: () => Date = () => new Date(),
): Promise<string> {
  const printed: string[] = [];
  const failed: string[] = [];
  const code = await staffCommand(["invite", email, "--role", role], {
    db: api.database.db,
    origin: TEST_ORIGIN,
    now,
    print: (line) => printed.push(line),
    fail: (line) => failed.push(line),
  });
  if (code !== 0) throw new Error(`staff invite failed (${code}): ${failed.join("\n")}`);
  return invitationTokenIn(printed.join("\n"));
}

const enabledSchema = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });

/** Accepts an invitation, enrols TOTP and confirms it: a staff member ready for guarded routes. */
export async function staffMemberFrom(
  api: TestApi,
  token: string,
  person: { name: string; password: string },
) {
  const browser = staffBrowser(api);
  const accepted = await browser.post(`/api/gestion/invitations/${token}/accept`, person);
  if (accepted.status !== 201) throw new Error(`accept failed: ${accepted.status} ${await accepted.text()}`);
  const enabled = await browser.post("/api/gestion/auth/two-factor/enable", { password: person.password });
  if (!enabled.ok) throw new Error(`enable failed: ${enabled.status} ${await enabled.text()}`);
  const { totpURI } = enabledSchema.parse(await enabled.json());
  const verified = await browser.post("/api/gestion/auth/two-factor/verify-totp", {
    code: totpCode(totpURI),
  });
  if (!verified.ok) throw new Error(`verify failed: ${verified.status} ${await verified.text()}`);
  return { browser, totpURI };
}
