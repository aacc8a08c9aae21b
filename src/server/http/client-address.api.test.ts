import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { SHOPPER_PASSWORD, signUpShopper } from "../testing/test-users.ts";
import { type ProxyTrust, parseProxyTrust } from "./client-address.ts";

const PROXY = "127.0.0.1";

function proxies(setting: string): ProxyTrust {
  const trust = parseProxyTrust(setting);
  if (typeof trust === "string") throw new Error(trust);
  return trust;
}

/**
 * Through the whole app (where the client is resolved), as the server's socket delivers it:
 * from `socket`, with the headers a proxy (or a liar) wrote.
 */
function signIn(api: TestApi, email: string, password: string, socket: string, forwardedFor?: string) {
  const request = new Request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: TEST_ORIGIN,
      ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
    },
    body: JSON.stringify({ email, password }),
  });
  return api.fetch(request, { incoming: { socket: { remoteAddress: socket } } });
}

async function wrongPasswords(times: number, send: (attempt: number) => Promise<Response>) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < times; attempt++) statuses.push((await send(attempt)).status);
  return statuses;
}

describe("limits behind a trusted proxy (issue 31)", () => {
  let api: TestApi;
  beforeAll(async () => {
    // The password limits' clock stands still: a wait the test expects is never over because the
    // machine was slow between two requests.
    const frozen = new Date();
    api = await createTestApi({
      whole: true,
      authRateLimited: true,
      proxyTrust: proxies(`${PROXY}, 10.0.0.0/8`),
      now: () => frozen,
    });
  });
  afterAll(() => api.close());

  it("an attacker's wrong passwords through the proxy do not block the owner's right one", async () => {
    const owner = "proxied.owner@example.com";
    await signUpShopper(api, owner);
    // Past every per-address limit (20), from one attacker, all arriving from the proxy's socket.
    const statuses = await wrongPasswords(24, () =>
      signIn(api, owner, "not-the-password", PROXY, "203.0.113.9"),
    );
    expect(statuses.at(-1)).toBe(429);
    const signedIn = await signIn(api, owner, SHOPPER_PASSWORD, PROXY, "198.51.100.7");
    expect(signedIn.status).toBe(200);
  });

  it("counts an IPv6 attacker by their /64, however many of its addresses they rotate through", async () => {
    const victim = "proxied.six@example.com";
    await signUpShopper(api, victim);
    const statuses = await wrongPasswords(24, (attempt) =>
      signIn(api, `nobody.${attempt}@example.com`, "not-the-password", PROXY, `2001:db8:5:6::${attempt + 1}`),
    );
    expect(statuses.at(-1)).toBe(429);
    // Another address of that /64 is still the same client; another /64 is not.
    expect((await signIn(api, victim, SHOPPER_PASSWORD, PROXY, "2001:db8:5:6:ffff::1")).status).toBe(429);
    expect((await signIn(api, victim, SHOPPER_PASSWORD, PROXY, "2001:db8:5:7::1")).status).toBe(200);
  });

  it("a spoofed X-Forwarded-For from a peer that is not a proxy changes nothing", async () => {
    const victim = "spoofed.victim@example.com";
    await signUpShopper(api, victim);
    const liar = "198.51.100.66";
    const statuses = await wrongPasswords(24, (attempt) =>
      signIn(api, `nobody.else.${attempt}@example.com`, "not-the-password", liar, `192.0.2.${attempt + 1}`),
    );
    expect(statuses.at(-1)).toBe(429);
    // The liar's own socket is what was counted, whatever address it claims next.
    expect((await signIn(api, victim, SHOPPER_PASSWORD, liar, "192.0.2.200")).status).toBe(429);
  });
});
