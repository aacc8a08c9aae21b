import { describe, expect, it } from "vitest";
import { type CheckedSession, createSessionCache, sessionTokenOf } from "./session-cache.ts";

const ana = { id: "u-ana", email: "ana@example.com", name: "Ana", lastName: "García" };
const luis = { id: "u-luis", email: "luis@example.com", name: "Luis", lastName: "Pérez" };
const farFuture = new Date("2099-01-01T00:00:00Z");

function counted(session: CheckedSession | null) {
  const check = async () => {
    check.calls += 1;
    return session;
  };
  check.calls = 0;
  return check;
}

describe("session cache", () => {
  it("asks the database once for a session, then answers from memory", async () => {
    const cache = createSessionCache();
    const check = counted({ user: ana, expiresAt: farFuture });
    for (let i = 0; i < 5; i += 1) expect(await cache.read("token-a", check)).toEqual(ana);
    expect(check.calls).toBe(1);
  });

  it("never keeps an unknown token, and asks again once its time is up or the session expires", async () => {
    let clock = 1_000_000;
    const cache = createSessionCache({ ttlMs: 60_000, now: () => clock });
    const unknown = counted(null);
    expect(await cache.read("forged", unknown)).toBeNull();
    expect(await cache.read("forged", unknown)).toBeNull();
    expect(unknown.calls).toBe(2);

    const check = counted({ user: ana, expiresAt: farFuture });
    await cache.read("token-a", check);
    clock += 59_000;
    await cache.read("token-a", check);
    expect(check.calls).toBe(1);
    clock += 2_000;
    await cache.read("token-a", check);
    expect(check.calls).toBe(2);

    const ending = counted({ user: luis, expiresAt: new Date(clock + 5_000) });
    await cache.read("token-l", ending);
    clock += 6_000;
    await cache.read("token-l", ending);
    expect(ending.calls).toBe(2);
  });

  it("drops every session of a user whose sessions or account changed, and only theirs", async () => {
    const cache = createSessionCache();
    const anaPhone = counted({ user: ana, expiresAt: farFuture });
    const anaLaptop = counted({ user: ana, expiresAt: farFuture });
    const luisCheck = counted({ user: luis, expiresAt: farFuture });
    await cache.read("ana-phone", anaPhone);
    await cache.read("ana-laptop", anaLaptop);
    await cache.read("luis", luisCheck);
    cache.dropUser(ana.id);
    expect(cache.size()).toBe(1);
    const revoked = counted(null);
    expect(await cache.read("ana-phone", revoked)).toBeNull();
    await cache.read("luis", luisCheck);
    expect(luisCheck.calls).toBe(1);
  });

  it("does not keep a session confirmed while a change to it was being announced", async () => {
    const cache = createSessionCache();
    let answer: (session: CheckedSession) => void = () => undefined;
    const reading = cache.read("ana-phone", () => new Promise((resolve) => (answer = resolve)));
    cache.dropUser(ana.id);
    answer({ user: ana, expiresAt: farFuture });
    expect(await reading).toEqual(ana);
    expect(cache.size()).toBe(0);
  });

  it("reads the session cookie, on http and https, and leaves two of them to better-auth", () => {
    expect(sessionTokenOf("lang=pt; better-auth.session_token=abc.def%3D")).toBe("abc.def%3D");
    expect(sessionTokenOf("__Secure-better-auth.session_token=xyz; lang=es")).toBe("xyz");
    expect(sessionTokenOf("lang=es")).toBeNull();
    expect(sessionTokenOf(null)).toBeNull();
    expect(sessionTokenOf("better-auth.session_token=a; better-auth.session_token=b")).toBeNull();
    expect(sessionTokenOf("xbetter-auth.session_token=a")).toBeNull();
  });
});
