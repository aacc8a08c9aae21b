import { TEST_ORIGIN, type TestApi } from "./test-app.ts";

/** Signs a new shopper up and returns the cookie header their requests carry. */
export async function signUpShopper(api: TestApi, email: string): Promise<string> {
  const response = await api.request("/api/auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_ORIGIN },
    body: JSON.stringify({ name: "Test", lastName: "Shopper", email, password: "gato-robot-azul-7" }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
  return response.headers
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
