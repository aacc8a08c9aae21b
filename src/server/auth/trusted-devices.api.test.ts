import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseProxyTrust } from "../http/client-address.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { SHOPPER_PASSWORD, signUpShopper } from "../testing/test-users.ts";
import { SIGN_IN_LIMITS } from "./sign-in-throttle.ts";

let api: TestApi;
beforeAll(async () => {
  const proxyTrust = parseProxyTrust("127.0.0.1");
  if (typeof proxyTrust === "string") throw new Error(proxyTrust);
  // The password limits' clock stands still: a wait the test expects to be refused is never over
  // because the machine was slow between two requests (it was, once, in CI).
  const frozen = new Date();
  api = await createTestApi({ whole: true, authRateLimited: true, proxyTrust, now: () => frozen });
});
afterAll(() => api.close());

/** A password tried through the proxy for `from`, with the cookies the browser holds. */
function signIn(email: string, password: string, from: string, cookie = "") {
  const request = new Request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: TEST_ORIGIN,
      "x-forwarded-for": from,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify({ email, password }),
  });
  return api.fetch(request, { incoming: { socket: { remoteAddress: "127.0.0.1" } } });
}

/** The device cookie an answer gave, as the browser sends it back. */
function deviceCookieOf(answer: Response): string {
  const pair = answer.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .find((line) => line.includes("trusted_device="));
  if (!pair) throw new Error("no device cookie");
  return pair;
}

describe("the owner's own browser under a spread-out guessing attack (issue 31, OWASP device cookies)", () => {
  it("still signs in with the right password, while every other browser waits", async () => {
    const owner = "device.owner@example.com";
    const neighbour = "device.neighbour@example.com";
    await signUpShopper(api, owner);
    await signUpShopper(api, neighbour);
    const first = await signIn(owner, SHOPPER_PASSWORD, "198.51.100.7");
    expect(first.status).toBe(200);
    const ownersDevice = deviceCookieOf(first);
    expect(first.headers.getSetCookie().join("\n")).toMatch(/trusted_device=[^;]+;.*HttpOnly/i);
    const neighboursDevice = deviceCookieOf(await signIn(neighbour, SHOPPER_PASSWORD, "198.51.100.8"));

    // Guesses at the owner's account, one from each of many addresses: the account's own limit trips.
    for (let guess = 0; guess <= SIGN_IN_LIMITS.account; guess++) {
      await signIn(owner, `guess-${guess}`, `203.0.113.${(guess % 250) + 1}`);
    }
    expect((await signIn(owner, SHOPPER_PASSWORD, "192.0.2.44")).status).toBe(429);
    // Another account's device cookie is no key to this one.
    expect((await signIn(owner, SHOPPER_PASSWORD, "192.0.2.45", neighboursDevice)).status).toBe(429);
    // The browser the owner signed in from before gets in, from wherever it is now.
    expect((await signIn(owner, SHOPPER_PASSWORD, "192.0.2.46", ownersDevice)).status).toBe(200);
    // And the attacker is still held back.
    expect((await signIn(owner, SHOPPER_PASSWORD, "203.0.113.7")).status).toBe(429);
  }, 60_000);

  it("limits the device's own wrong passwords on its own counter", async () => {
    const owner = "device.forgetful@example.com";
    await signUpShopper(api, owner);
    const device = deviceCookieOf(await signIn(owner, SHOPPER_PASSWORD, "198.51.100.20"));
    const statuses: number[] = [];
    for (let guess = 0; guess <= SIGN_IN_LIMITS.device; guess++) {
      statuses.push((await signIn(owner, `forgot-${guess}`, "198.51.100.20", device)).status);
    }
    expect(statuses.slice(0, SIGN_IN_LIMITS.device).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Not the account: a browser without the cookie is judged by the account's counters, untouched.
    expect((await signIn(owner, SHOPPER_PASSWORD, "198.51.100.21")).status).toBe(200);
  }, 60_000);
});
