import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, user } from "../db/schema.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { body, shopperWithOrder } from "../testing/test-orders.ts";
import {
  asShopper,
  mailedAddressCode,
  SHOPPER_PASSWORD,
  signUpProvenShopper,
  signUpShopper,
} from "../testing/test-users.ts";
import { ADDRESS_CODE_ATTEMPTS } from "./address-proof-codes.ts";
import { provenByOrderLink } from "./proven-by-order-link.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const post = (path: string, body: unknown, cookie = "") =>
  api.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

const signUp = (email: string, cookie = "", password = "una-clave-nueva-42") =>
  post("/api/auth/sign-up/email", { name: "Nuria", lastName: "Nueva", email, password }, cookie);

const prove = (code: string, cookie = "") => post("/api/auth/sign-up/prove-address", { code }, cookie);

/** The cookies an answer sets, as a browser sends them back. */
const jarOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");

/** A JSON value with every leaf replaced by its type: what two answers must share. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, shapeOf(inner)]),
    );
  }
  return value === null ? "null" : typeof value;
}

/** The set cookies' names and attributes, values left out. */
const cookieShape = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.replace(/=[^;]*/, "=…").replace(/Expires=[^;]*/i, "Expires=…"))
    .sort();

async function timed(run: () => Promise<Response>): Promise<{ ms: number; response: Response }> {
  const started = performance.now();
  const response = await run();
  return { ms: performance.now() - started, response };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe("signing up with an address that has an account (issue 28)", () => {
  it("answers exactly as for a new address, creates nothing, and mails the address's owner", async () => {
    const known = "ya-tengo-cuenta@example.com";
    await signUpShopper(api, known);
    const newAnswers: Response[] = [];
    const knownAnswers: Response[] = [];
    const newTimes: number[] = [];
    const knownTimes: number[] = [];
    for (let round = 0; round < 3; round++) {
      const fresh = await timed(() => signUp(`nueva-${round}@example.com`, "lang=pt"));
      const taken = await timed(() => signUp(known, "lang=pt", `otra-clave-${round}-robot`));
      newAnswers.push(fresh.response);
      knownAnswers.push(taken.response);
      newTimes.push(fresh.ms);
      knownTimes.push(taken.ms);
    }
    for (const [fresh, taken] of newAnswers.map((answer, i) => [answer, knownAnswers[i]] as const)) {
      if (!taken) throw new Error("missing answer");
      expect(taken.status).toBe(fresh.status);
      expect(fresh.status).toBe(200);
      expect(cookieShape(taken)).toEqual(cookieShape(fresh));
      expect(taken.headers.get("content-type")).toBe(fresh.headers.get("content-type"));
      const [freshBody, takenBody] = [await fresh.json(), await taken.json()];
      expect(shapeOf(takenBody)).toEqual(shapeOf(freshBody));
      expect(takenBody).toMatchObject({ token: null, user: { email: known, emailVerified: false } });
    }
    // Roughly the same work either way: a password hashed, a proof stored, a mail queued.
    expect(Math.abs(median(knownTimes) - median(newTimes))).toBeLessThan(Math.max(250, median(newTimes)));

    // No second account; the owner's password still opens theirs, the others' do not.
    expect(await api.database.db.select().from(user).where(eq(user.email, known))).toHaveLength(1);
    const theirs = await post("/api/auth/sign-in/email", { email: known, password: SHOPPER_PASSWORD });
    expect(theirs.status).toBe(200);
    const other = await post("/api/auth/sign-in/email", { email: known, password: "otra-clave-0-robot" });
    expect(other.status).toBe(401);

    await api.deliverMail();
    const notices = api.mails.filter((mail) => mail.to === known && mail.subject.startsWith("Alguém tentou"));
    expect(notices).toHaveLength(3);
    expect(notices[0]?.text).toContain(`${TEST_ORIGIN}/login?recuperar`);
    expect(notices[0]?.text).not.toMatch(/\n\n\d{6}\n\n/);
    // The new addresses got a code to prove themselves.
    expect(await mailedAddressCode(api, "nueva-0@example.com")).toMatch(/^\d{6}$/);
  });

  it("refuses any code for a known address as it refuses a wrong code for a new one", async () => {
    const known = "conocida.codigo@example.com";
    await signUpProvenShopper(api, known);
    const taken = await signUp(known);
    const fresh = await signUp("nueva.codigo@example.com");
    const rightCode = await mailedAddressCode(api, "nueva.codigo@example.com");
    const wrong = rightCode === "000000" ? "000001" : "000000";
    const onKnown = await prove(wrong, jarOf(taken));
    const onNew = await prove(wrong, jarOf(fresh));
    expect(onKnown.status).toBe(onNew.status);
    expect(await onKnown.json()).toEqual(await onNew.json());
    expect(onNew.status).toBe(400);
    // The owner's last code (mailed when they proved it) does nothing for the stranger's browser.
    const ownersCode = await mailedAddressCode(api, known);
    expect((await prove(ownersCode, jarOf(taken))).status).toBe(400);
  });
});

describe("proving a new account's address", () => {
  it("signs in the browser that signed up, with the mailed code, once", async () => {
    const email = "prueba.codigo@example.com";
    const signedUp = await signUp(email, "lang=pt");
    expect(jarOf(signedUp)).not.toContain("session_token");
    const code = await mailedAddressCode(api, email);
    const mail = api.mails.findLast((sent) => sent.to === email);
    expect(mail?.subject).toBe("O seu código para confirmar o seu e-mail na Tienda Oficial Miaubot");

    // The code alone, from another browser, proves nothing.
    const elsewhere = await prove(code);
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toMatchObject({ code: "INVALID_CODE" });

    const proven = await prove(` ${code.slice(0, 3)} ${code.slice(3)} `, jarOf(signedUp));
    expect(proven.status).toBe(200);
    expect(await proven.json()).toMatchObject({
      status: true,
      user: { email, name: "Nuria", lastName: "Nueva" },
    });
    const me = await api.request("/api/me", { headers: { cookie: jarOf(proven) } });
    expect(await me.json()).toMatchObject({ user: { email } });
    const [row] = await api.database.db.select().from(user).where(eq(user.email, email));
    expect(row?.emailVerified).toBe(true);
    expect((await prove(code, jarOf(signedUp))).status).toBe(400);
  });

  it(`gives up after ${ADDRESS_CODE_ATTEMPTS} wrong codes, even sent together`, async () => {
    const email = "adivina@example.com";
    const signedUp = await signUp(email);
    const code = await mailedAddressCode(api, email);
    const wrongs = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"),
    );
    const answers = await Promise.all(wrongs.map((wrong) => prove(wrong, jarOf(signedUp))));
    expect(answers.every((answer) => answer.status === 400)).toBe(true);
    expect((await prove(code, jarOf(signedUp))).status).toBe(400);
    const [row] = await api.database.db.select().from(user).where(eq(user.email, email));
    expect(row?.emailVerified).toBe(false);
  });

  it("mails a new code to the browser that signed up, and the new code proves it", async () => {
    const email = "otro.codigo@example.com";
    const signedUp = await signUp(email);
    const first = await mailedAddressCode(api, email);
    const again = await post("/api/auth/sign-up/send-address-code", {}, jarOf(signedUp));
    expect(again.status).toBe(200);
    const second = await mailedAddressCode(api, email);
    if (second !== first) expect((await prove(first, jarOf(signedUp))).status).toBe(400);
    expect((await prove(second, jarOf(signedUp))).status).toBe(200);
  });

  it("lets the account shop before it proves its address: it signs in with its password", async () => {
    const email = "con.prisa@example.com";
    await signUp(email, "", "con-prisa-robot-9");
    const signedIn = await post("/api/auth/sign-in/email", { email, password: "con-prisa-robot-9" });
    expect(signedIn.status).toBe(200);
    const cart = await post("/api/cart/1", { cantidad: 1 }, jarOf(signedIn));
    expect(cart.status).toBe(200);
  });
});

describe("an order mail's link (issue 28)", () => {
  it("proves the address of the account signed in where it is opened, if the order went to that address", async () => {
    const email = "compra.sin.probar@example.com";
    const { shopper, order } = await shopperWithOrder(api, email, { 1: 1 });
    const me = await body<{ user: { id: string } }>(await shopper("GET", "/api/me"), 200);
    const provenOf = async (id: string) =>
      (await api.database.db.select().from(user).where(eq(user.id, id)))[0]?.emailVerified;
    expect(await provenOf(me.user.id)).toBe(false);

    const [mail] = await api.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `order:${order.id}:pagado`));
    const link = new URL(mail?.text.match(/http\S+\/pedido\/\S+/)?.[0] ?? "http://x");
    const apiPath = `/api/order-links/${order.id}${link.search}`;

    // Opened without a session (a mail scanner) or in another account's, it proves nothing.
    expect((await api.request(apiPath)).status).toBe(200);
    expect(await provenOf(me.user.id)).toBe(false);
    const other = asShopper(api, await signUpShopper(api, "otra.cuenta@example.com"));
    const otherMe = await body<{ user: { id: string } }>(await other("GET", "/api/me"), 200);
    expect((await other("GET", apiPath)).status).toBe(200);
    expect(await provenOf(otherMe.user.id)).toBe(false);
    expect(await provenOf(me.user.id)).toBe(false);

    // Opened where the buyer is signed in: the mailbox and the password are the same person's.
    expect((await shopper("GET", apiPath)).status).toBe(200);
    expect(await provenOf(me.user.id)).toBe(true);
    expect(await provenByOrderLink(api.database.db, me.user.id, order.id)).toBe(false);
  });
});
