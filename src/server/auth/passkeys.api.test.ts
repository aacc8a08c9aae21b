import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinCatalog } from "#catalog/builtin-catalog.ts";
import { brand } from "#shared/brand.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { passkey, user } from "../db/schema.ts";
import { createOriginPolicy } from "../http/origin-policy.ts";
import { createSoftwareAuthenticator, type SoftwareAuthenticator } from "../testing/passkey-authenticator.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { authRoutes } from "./auth.routes.ts";
import { createAuth } from "./auth.ts";
import { createSignInThrottle } from "./sign-in-throttle.ts";

const REGISTER_OPTIONS = "/api/auth/passkey/generate-register-options";
const SIGN_IN_OPTIONS = "/api/auth/passkey/generate-authenticate-options";

/** The Cookie header after an answer: the cookies it sets replace those of the same name. */
function cookiesAfter(cookie: string, response: Response): string {
  const jar = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const set of response.headers.getSetCookie()) {
    const pair = set.split(";")[0] ?? "";
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0/i.test(set) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

const send = (api: TestApi, method: string, path: string, cookie: string, body?: unknown) =>
  api.request(path, {
    method,
    headers: {
      origin: TEST_ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function errorCode(response: Response): Promise<string> {
  const answer: unknown = await response.json();
  return typeof answer === "object" && answer !== null && "code" in answer ? String(answer.code) : "";
}

const PASSWORD = "gato-robot-azul-7";

/**
 * A new account's session, signed in with its password while its address counts as proven (as
 * after a reset, a sign-in link or the sign-up code); `proven: false` takes the proof away after.
 */
async function accountSession(api: TestApi, email: string, { proven = true } = {}): Promise<string> {
  const names = { name: "Test", lastName: "Shopper" };
  await send(api, "POST", "/api/auth/sign-up/email", "", { ...names, email, password: PASSWORD });
  const proof = (emailVerified: boolean) =>
    api.database.db.update(user).set({ emailVerified }).where(eq(user.email, email));
  await proof(true);
  const signedIn = await send(api, "POST", "/api/auth/sign-in/email", "", { email, password: PASSWORD });
  expect(signedIn.status).toBe(200);
  if (!proven) await proof(false);
  return cookiesAfter("", signedIn);
}

/** Adds a passkey as the account page does: options, the authenticator, the answer. */
async function addPasskey(api: TestApi, cookie: string, device: SoftwareAuthenticator, name?: string) {
  const options = await send(api, "GET", REGISTER_OPTIONS, cookie);
  expect(options.status).toBe(200);
  const withChallenge = cookiesAfter(cookie, options);
  const response = device.register(await options.json(), TEST_ORIGIN);
  return send(api, "POST", "/api/auth/passkey/verify-registration", withChallenge, { response, name });
}

/** Signs in as /login's button does; answers the verification and the cookies after it. */
async function signInWithPasskey(api: TestApi, cookie: string, device: SoftwareAuthenticator) {
  const options = await send(api, "GET", SIGN_IN_OPTIONS, cookie);
  expect(options.status).toBe(200);
  const withChallenge = cookiesAfter(cookie, options);
  const response = device.signIn(await options.json(), TEST_ORIGIN);
  const verified = await send(api, "POST", "/api/auth/passkey/verify-authentication", withChallenge, {
    response,
  });
  return { verified, cookie: cookiesAfter(withChallenge, verified) };
}

describe("passkeys (issue 28, decision 036)", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  it("gives anyone sign-in options for the shop's relying party, with a challenge bound to the browser", async () => {
    const options = await send(api, "GET", SIGN_IN_OPTIONS, "");
    expect(options.status).toBe(200);
    const answer = await options.json();
    expect(answer).toMatchObject({ rpId: "localhost", userVerification: "preferred" });
    expect(answer.challenge).toMatch(/^[\w-]{20,}$/);
    // No account named: the browser offers the shopper's discoverable passkeys.
    expect(answer.allowCredentials ?? []).toEqual([]);
    expect(options.headers.getSetCookie().join()).toMatch(/better-auth-passkey=/);
    // PUBLIC_URL fixes it, whatever address the request names.
    const elsewhere = await api.request(`http://127.0.0.1:3000${SIGN_IN_OPTIONS}`);
    expect(await elsewhere.json()).toMatchObject({ rpId: "localhost" });
  });

  it("adds a passkey to a proven account only: never a visitor's, a guest's or an unproven address's", async () => {
    expect((await send(api, "GET", REGISTER_OPTIONS, "")).status).toBe(401);

    const guest = cookiesAfter("", await send(api, "POST", "/api/auth/sign-in/anonymous", "", {}));
    const asGuest = await send(api, "GET", REGISTER_OPTIONS, guest);
    expect(asGuest.status).toBe(403);
    expect(await errorCode(asGuest)).toBe("ACCOUNT_REQUIRED");

    const email = "sin-probar@example.com";
    const unproven = await accountSession(api, email, { proven: false });
    const refused = await send(api, "GET", REGISTER_OPTIONS, unproven);
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe("EMAIL_NOT_VERIFIED");
    // Nor can an answer be posted straight away.
    const posted = await send(api, "POST", "/api/auth/passkey/verify-registration", unproven, {
      response: {},
    });
    expect(posted.status).toBe(403);
    expect(await errorCode(posted)).toBe("EMAIL_NOT_VERIFIED");

    await api.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const options = await send(api, "GET", REGISTER_OPTIONS, unproven);
    expect(options.status).toBe(200);
    expect(await options.json()).toMatchObject({
      rp: { id: "localhost", name: brand.shopName },
      user: { name: email },
      authenticatorSelection: { residentKey: "required", requireResidentKey: true },
    });
  });

  it("adds, lists, signs in with (taking a guest's cart along) and removes a passkey", async () => {
    const email = "llave@example.com";
    const account = await accountSession(api, email);
    const device = createSoftwareAuthenticator();
    const added = await addPasskey(api, account, device, "Mi móvil");
    expect(added.status).toBe(200);
    const listed = await (await send(api, "GET", "/api/auth/passkey/list-user-passkeys", account)).json();
    expect(listed).toEqual([
      expect.objectContaining({ name: "Mi móvil", credentialID: device.credentialId }),
    ]);

    // A guest fills a cart, then signs in with the passkey: the cart moves into the account.
    const guest = cookiesAfter("", await send(api, "POST", "/api/auth/sign-in/anonymous", "", {}));
    expect((await send(api, "POST", "/api/cart/7", guest, { cantidad: 2 })).status).toBe(200);
    const { verified, cookie } = await signInWithPasskey(api, guest, device);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({ user: { email } });
    expect(await (await send(api, "GET", "/api/me", cookie)).json()).toMatchObject({ user: { email } });
    const cart = await (await send(api, "GET", "/api/cart", cookie)).json();
    expect(cart).toMatchObject({ lines: [{ product: { id: 7 }, cantidad: 2 }], totalQuantity: 2 });
    // The guest's sessions end with the move; a process's kept copy of one goes when the
    // database's NOTIFY of the change reaches it, a moment after the commit (decision 019).
    await expect
      .poll(async () => (await send(api, "GET", "/api/cart", guest)).status, { timeout: 2_000 })
      .toBe(401);

    const [stored] = await api.database.db
      .select()
      .from(passkey)
      .where(eq(passkey.credentialID, device.credentialId));
    expect(stored?.counter).toBeGreaterThan(0);
    const removed = await send(api, "POST", "/api/auth/passkey/delete-passkey", cookie, { id: stored?.id });
    expect(removed.status).toBe(200);
    expect(await (await send(api, "GET", "/api/auth/passkey/list-user-passkeys", cookie)).json()).toEqual([]);
    const again = await signInWithPasskey(api, "", device);
    expect(again.verified.status).toBe(401);
  });

  it("lets no one remove another account's passkey, nor name one with control characters", async () => {
    const owner = await accountSession(api, "duena@example.com");
    const device = createSoftwareAuthenticator();
    expect((await addPasskey(api, owner, device, "Portátil\u202E")).status).toBe(400);
    expect((await addPasskey(api, owner, device, "x".repeat(61))).status).toBe(400);
    expect((await addPasskey(api, owner, device)).status).toBe(200);
    const [stored] = await api.database.db
      .select()
      .from(passkey)
      .where(eq(passkey.credentialID, device.credentialId));
    const other = await accountSession(api, "otra@example.com");
    const refused = await send(api, "POST", "/api/auth/passkey/delete-passkey", other, { id: stored?.id });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(
      await api.database.db
        .select()
        .from(passkey)
        .where(eq(passkey.userId, stored?.userId ?? "")),
    ).toHaveLength(1);
  });
});

describe("answers that are no browser's (issue 28: 4xx, never 500)", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  const garbled = { id: "AAAA", rawId: "AAAA", type: "public-key" };
  const cases: [string, string, unknown][] = [
    [REGISTER_OPTIONS, "/api/auth/passkey/verify-registration", { response: { ...garbled, response: {} } }],
    [
      REGISTER_OPTIONS,
      "/api/auth/passkey/verify-registration",
      { response: { ...garbled, response: { clientDataJSON: "AAAA", transports: "usb" } } },
    ],
    [
      REGISTER_OPTIONS,
      "/api/auth/passkey/verify-registration",
      { response: { ...garbled, response: { clientDataJSON: "AAAA", attestationObject: "AAAA" } } },
    ],
    [SIGN_IN_OPTIONS, "/api/auth/passkey/verify-authentication", { response: { id: { not: "text" } } }],
    [SIGN_IN_OPTIONS, "/api/auth/passkey/verify-authentication", { response: { ...garbled, response: {} } }],
    [
      SIGN_IN_OPTIONS,
      "/api/auth/passkey/verify-authentication",
      { response: { ...garbled, response: { clientDataJSON: "AAAA", signature: "AAAA" } } },
    ],
  ];

  it("refuses each with its challenge cookie in hand, and stores no passkey", async () => {
    const account = await accountSession(api, "garabato@example.com");
    for (const [optionsPath, path, body] of cases) {
      const options = await send(api, "GET", optionsPath, account);
      const answer = await send(api, "POST", path, cookiesAfter(account, options), body);
      expect([400, 401], `${path} ${JSON.stringify(body)}`).toContain(answer.status);
    }
    expect(await api.database.db.select().from(passkey)).toEqual([]);
  });
});

describe("the relying party of a shop without PUBLIC_URL (decision 036)", () => {
  let database: DatabaseHandle;
  let app: Hono;
  beforeAll(async () => {
    database = await openTestDatabase();
    const auth = createAuth({
      db: database.db,
      secret: "test-secret-test-secret-test-secret-0123",
      origins: createOriginPolicy({ port: 3000, localHosts: new Set(["localhost"]) }),
      rateLimited: false,
      mailer: { send: async () => undefined },
      throttle: createSignInThrottle(database.db),
      guests: { catalog: builtinCatalog() },
    });
    app = new Hono().route("/api/auth", authRoutes(auth));
  });
  afterAll(() => database.close());

  const rpIdAt = async (origin: string) => {
    const response = await app.request(`${origin}${SIGN_IN_OPTIONS}`);
    return response.status === 200 ? (await response.json()).rpId : await errorCode(response);
  };

  it("is the name the browser used, and refuses an IP address, where browsers have no passkeys", async () => {
    expect(await rpIdAt("http://localhost:3000")).toBe("localhost");
    expect(await rpIdAt("http://tienda.localhost:3000")).toBe("tienda.localhost");
    expect(await rpIdAt("http://127.0.0.1:3000")).toBe("PASSKEYS_NEED_A_NAME");
    expect(await rpIdAt("http://[::1]:3000")).toBe("PASSKEYS_NEED_A_NAME");
  });
});
