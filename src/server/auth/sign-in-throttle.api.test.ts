import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { asShopper, signUpShopper } from "../testing/test-users.ts";
import {
  createSignInThrottle,
  FIRST_DELAY_MS,
  FORGET_AFTER_MS,
  MAX_DELAY_MS,
  SIGN_IN_LIMITS,
  type SignInAttempt,
} from "./sign-in-throttle.ts";

const PASSWORD = "gato-robot-azul-7";

/** A clock the test moves by hand. */
function manualClock(start = new Date("2026-11-25T10:00:00Z")) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    pass: (ms: number) => {
      at += ms;
    },
  };
}

describe("the password limits (decision 016)", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const fresh = () => {
    const clock = manualClock();
    return { clock, throttle: createSignInThrottle(database.db, clock.now) };
  };
  let n = 0;
  // Every test its own account and address: they share the database.
  const attemptOn = (address?: string): SignInAttempt => ({
    email: `cuenta-${++n}@example.com`,
    address: address ?? `198.51.100.${n}`,
  });

  it("lets a few attempts through, then makes each further one wait twice as long, up to 15 minutes", async () => {
    const { clock, throttle } = fresh();
    const attempt = attemptOn();
    for (let i = 0; i < SIGN_IN_LIMITS.accountFromAddress; i++) {
      expect(await throttle.reserve(attempt)).toEqual({ allowed: true });
    }
    let wait = FIRST_DELAY_MS;
    for (let round = 0; round < 14; round++) {
      expect(await throttle.reserve(attempt)).toEqual({ allowed: false, retryAfterSeconds: wait / 1000 });
      clock.pass(wait - 1);
      expect((await throttle.reserve(attempt)).allowed).toBe(false);
      clock.pass(1);
      expect(await throttle.reserve(attempt)).toEqual({ allowed: true });
      wait = Math.min(wait * 2, MAX_DELAY_MS);
    }
    expect(wait).toBe(MAX_DELAY_MS);
    // A day after the last attempt the run is forgotten.
    clock.pass(FORGET_AFTER_MS);
    for (let i = 0; i < SIGN_IN_LIMITS.accountFromAddress; i++) {
      expect(await throttle.reserve(attempt)).toEqual({ allowed: true });
    }
  });

  it("lets a parallel burst through only up to the limit", async () => {
    const { throttle } = fresh();
    const attempt = attemptOn();
    const burst = await Promise.all(Array.from({ length: 20 }, () => throttle.reserve(attempt)));
    expect(burst.filter((reservation) => reservation.allowed)).toHaveLength(
      SIGN_IN_LIMITS.accountFromAddress,
    );
  });

  it("delays the account only where the guessing comes from: the owner elsewhere gets in", async () => {
    const { throttle } = fresh();
    const guessed = attemptOn();
    for (let i = 0; i < SIGN_IN_LIMITS.accountFromAddress; i++) await throttle.reserve(guessed);
    expect((await throttle.reserve(guessed)).allowed).toBe(false);
    const owner = { email: guessed.email.toUpperCase(), address: "192.0.2.10" };
    expect(await throttle.reserve(owner)).toEqual({ allowed: true });
    await throttle.succeeded(owner);
    // The owner getting in does not let the guesser go on.
    expect((await throttle.reserve(guessed)).allowed).toBe(false);
  });

  it("clears the account everywhere after a password reset, but not the guessing address", async () => {
    const { throttle } = fresh();
    const guessed = attemptOn();
    const { address } = guessed;
    for (let i = 0; i < SIGN_IN_LIMITS.accountFromAddress; i++) await throttle.reserve(guessed);
    // Stuffing from the same address, account after account, up to the address's own limit.
    for (let i = SIGN_IN_LIMITS.accountFromAddress; i < SIGN_IN_LIMITS.address; i++) {
      expect(await throttle.reserve({ email: `otra-${i}@example.com`, address })).toEqual({ allowed: true });
    }
    expect((await throttle.reserve({ email: "una-mas@example.com", address })).allowed).toBe(false);
    await throttle.passwordReset(guessed.email);
    expect((await throttle.reserve({ email: guessed.email, address: "192.0.2.11" })).allowed).toBe(true);
    expect((await throttle.reserve(guessed)).allowed).toBe(false);
  });

  it("stops guessing spread over many addresses at the account's own limit", async () => {
    const { throttle } = fresh();
    const { email } = attemptOn();
    for (let i = 0; i < SIGN_IN_LIMITS.account; i++) {
      expect((await throttle.reserve({ email, address: `10.0.${i >> 8}.${i & 255}` })).allowed).toBe(true);
    }
    expect((await throttle.reserve({ email, address: "10.9.9.9" })).allowed).toBe(false);
  });

  it("does not count an attempt refused before the password was checked", async () => {
    const { throttle } = fresh();
    const attempt = attemptOn();
    for (let i = 0; i < 3 * SIGN_IN_LIMITS.accountFromAddress; i++) {
      expect(await throttle.reserve(attempt)).toEqual({ allowed: true });
      await throttle.cancelled(attempt);
    }
  });
});

describe("signing in under a burst of wrong passwords (issue 11)", () => {
  const clock = manualClock();
  let api: TestApi;
  let server: ReturnType<typeof serve>;
  let port: number;
  beforeAll(async () => {
    api = await createTestApi({ authRateLimited: true, now: clock.now });
    server = serve({ fetch: api.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await api.close();
  });

  /** A sign-in sent over HTTP from one of the loopback addresses (127.0.0.1, 127.0.0.2…). */
  const signInFrom = (from: string, email: string, password: string) =>
    new Promise<{ status: number; retryAfter?: string; body: { code?: string } }>((resolve, reject) => {
      const body = JSON.stringify({ email, password });
      const request = httpRequest(
        {
          host: "127.0.0.1",
          port,
          localAddress: from,
          method: "POST",
          path: "/api/auth/sign-in/email",
          headers: { "content-type": "application/json", origin: TEST_ORIGIN },
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8").on("data", (chunk: string) => {
            text += chunk;
          });
          response.on("end", () => {
            const retryAfter = response.headers["retry-after"];
            resolve({
              status: response.statusCode ?? 0,
              body: text ? (JSON.parse(text) as { code?: string }) : {},
              ...(retryAfter ? { retryAfter } : {}),
            });
          });
        },
      );
      request.on("error", reject).end(body);
    });

  it("delays the guessing address, lets the owner in from elsewhere, and after a password reset", async () => {
    const email = "victima@example.com";
    await signUpShopper(api, email);
    await signUpShopper(api, "vecina@example.com");

    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signInFrom("127.0.0.2", "Victima@example.com", `adivina-${i}`)),
    );
    expect(burst.filter((answer) => answer.status === 401)).toHaveLength(SIGN_IN_LIMITS.accountFromAddress);
    const refused = burst.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(20 - SIGN_IN_LIMITS.accountFromAddress);
    expect(refused[0]).toMatchObject({ retryAfter: "1", body: { code: "TOO_MANY_ATTEMPTS" } });

    // From the guessing address even the right password waits; another account there does not.
    expect((await signInFrom("127.0.0.2", email, PASSWORD)).status).toBe(429);
    expect((await signInFrom("127.0.0.2", "vecina@example.com", PASSWORD)).status).toBe(200);
    // The owner, elsewhere, gets in at once.
    expect((await signInFrom("127.0.0.3", email, PASSWORD)).status).toBe(200);

    // Guessing again from the first address, then the owner resets the password by mail.
    for (let i = 0; i < 2 * SIGN_IN_LIMITS.accountFromAddress; i++) {
      await signInFrom("127.0.0.2", email, `otra-${i}`);
    }
    expect((await signInFrom("127.0.0.2", email, PASSWORD)).status).toBe(429);
    const asked = await api.request("/api/auth/request-password-reset", {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN },
      body: JSON.stringify({ email }),
    });
    expect(asked.status).toBe(200);
    await api.deliverMail();
    const link = api.mails.findLast((mail) => mail.to === email)?.text ?? "";
    const token = /restablecer=([\w-]+)/.exec(link)?.[1];
    expect(token).toBeTruthy();
    const reset = await api.request("/api/auth/reset-password", {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN },
      body: JSON.stringify({ token, newPassword: "robot-nuevo-2026" }),
    });
    expect(reset.status).toBe(200);
    expect((await signInFrom("127.0.0.2", email, "robot-nuevo-2026")).status).toBe(200);
  });

  it("limits the other endpoints that check a password, and offers no bare password check", async () => {
    const shopper = asShopper(api, await signUpShopper(api, "cambia@example.com"));
    const guess = (i: number) =>
      shopper("POST", "/api/auth/change-password", {
        currentPassword: `adivina-${i}`,
        newPassword: "robot-nuevo-2026",
      });
    for (let i = 0; i < SIGN_IN_LIMITS.accountFromAddress; i++) expect((await guess(i)).status).toBe(400);
    const refused = await guess(99);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    expect((await shopper("POST", "/api/auth/delete-user", { password: PASSWORD })).status).toBe(429);
    expect((await shopper("POST", "/api/auth/verify-password", { password: PASSWORD })).status).toBe(404);
  });
});
