import { TEST_ORIGIN, type TestApi } from "./test-app.ts";

/** The password `signUpShopper` gives every shopper. */
export const SHOPPER_PASSWORD = "gato-robot-azul-7";

/**
 * Signs a new shopper up, then in with the password (a sign-up signs no one in: issue 28), and
 * returns the cookie header their requests carry. The account has not proven its address: it
 * shops and orders, but connects no provider and gets no sign-in link until it does.
 */
export async function signUpShopper(api: TestApi, email: string): Promise<string> {
  const post = (path: string, body: object) =>
    api.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN },
      body: JSON.stringify(body),
    });
  const signedUp = await post("/api/auth/sign-up/email", {
    name: "Test",
    lastName: "Shopper",
    email,
    password: SHOPPER_PASSWORD,
  });
  if (!signedUp.ok) throw new Error(`sign-up failed: ${signedUp.status}`);
  const signedIn = await post("/api/auth/sign-in/email", { email, password: SHOPPER_PASSWORD });
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status}`);
  return signedIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** A JSON request as a signed-in shopper (or anonymously without a cookie). */
export function asShopper(api: TestApi, cookie: string | undefined) {
  return (method: string, path: string, body?: unknown) =>
    api.request(path, {
      method,
      headers: {
        origin: TEST_ORIGIN,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

/** The `name=value` pairs a response sets, as a browser would send them back. */
function cookiePairs(response: Response): string[] {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="));
}

/** The code in the last address-proof mail to `to` (decision 033: proven addresses). */
export async function mailedAddressCode(api: TestApi, to: string): Promise<string> {
  await api.deliverMail();
  const mail = api.mails.findLast((sent) => sent.to === to && /\n\n\d{6}\n\n/.test(sent.text));
  const code = /\n\n(\d{6})\n\n/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`No address code mailed to ${to}`);
  return code;
}

/**
 * Signs a new shopper up and proves the address as the register page does: the code mailed at
 * sign-up, typed in the same browser. Returns the cookie header of the session it signs in.
 */
export async function signUpProvenShopper(api: TestApi, email: string, cookie = ""): Promise<string> {
  const send = (path: string, body: object, jar: string) =>
    api.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, ...(jar ? { cookie: jar } : {}) },
      body: JSON.stringify(body),
    });
  const account = { name: "Test", lastName: "Shopper", email, password: SHOPPER_PASSWORD };
  const signedUp = await send("/api/auth/sign-up/email", account, cookie);
  if (!signedUp.ok) throw new Error(`sign-up failed: ${signedUp.status}`);
  const jar = [cookie, ...cookiePairs(signedUp)].filter(Boolean).join("; ");
  const code = await mailedAddressCode(api, email);
  const proven = await send("/api/auth/sign-up/prove-address", { code }, jar);
  if (!proven.ok) throw new Error(`address proof failed: ${proven.status}`);
  return cookiePairs(proven)
    .filter((pair) => pair.startsWith("better-auth.session_token="))
    .join("; ");
}
