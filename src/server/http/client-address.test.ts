import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { limitKey, type ProxyTrust, parseProxyTrust, resolveClient } from "./client-address.ts";

function trust(setting: string): ProxyTrust {
  const parsed = parseProxyTrust(setting);
  if (typeof parsed === "string") throw new Error(parsed);
  return parsed;
}

const through = (
  setting: string,
  socket: string,
  forwardedFor: string | null,
  forwardedProto: string | null = null,
) => resolveClient(trust(setting), socket, { forwardedFor, forwardedProto });

describe("TRUSTED_PROXIES", () => {
  it("reads nothing as no proxy, a number as hops, and addresses and networks of both families", () => {
    expect(parseProxyTrust(undefined)).toEqual({ kind: "none" });
    expect(parseProxyTrust("  ")).toEqual({ kind: "none" });
    expect(parseProxyTrust("2")).toEqual({ kind: "hops", count: 2 });
    expect(parseProxyTrust("127.0.0.1, 10.0.0.0/8, ::1, fd00::/8")).toMatchObject({ kind: "addresses" });
  });

  it("refuses what it cannot read, rather than trust the wrong peer", () => {
    for (const wrong of [
      "0",
      "11",
      "localhost",
      "10.0.0.0/33",
      "::/129",
      "10.0.0.0/8/1",
      "10.0.0.0/x",
      "1.2.3",
    ]) {
      expect(typeof parseProxyTrust(wrong), wrong).toBe("string");
    }
  });
});

describe("the client behind the proxies", () => {
  it("is the socket's peer when no proxy is trusted, whatever the headers say", () => {
    expect(
      resolveClient({ kind: "none" }, "198.51.100.7", { forwardedFor: "1.2.3.4", forwardedProto: "https" }),
    ).toEqual({ address: "198.51.100.7", https: undefined });
    expect(through("127.0.0.1", "198.51.100.7", "1.2.3.4", "https")).toEqual({
      address: "198.51.100.7",
      https: undefined,
    });
  });

  it("is the right-most hop that is not a trusted proxy, never what the client wrote left of it", () => {
    // The client wrote "6.6.6.6"; the edge proxy appended the address it was reached from.
    expect(through("127.0.0.1, 10.0.0.0/8", "127.0.0.1", "6.6.6.6, 203.0.113.9, 10.1.2.3").address).toBe(
      "203.0.113.9",
    );
    expect(through("127.0.0.1", "127.0.0.1", "203.0.113.9").address).toBe("203.0.113.9");
    // Only proxies in the chain: the farthest one stands for the client.
    expect(through("127.0.0.1, 10.0.0.0/8", "127.0.0.1", "10.0.0.2, 10.0.0.1").address).toBe("10.0.0.2");
    // No header: the proxy itself.
    expect(through("127.0.0.1", "127.0.0.1", null).address).toBe("127.0.0.1");
  });

  it("counts hops from the socket in hop mode", () => {
    expect(through("1", "10.9.9.9", "6.6.6.6, 203.0.113.9").address).toBe("203.0.113.9");
    expect(through("2", "10.9.9.9", "6.6.6.6, 203.0.113.9, 10.0.0.4").address).toBe("203.0.113.9");
    expect(through("3", "10.9.9.9", "203.0.113.9").address).toBe("203.0.113.9");
  });

  it("stops at a hop that is no address, and reads bracketed IPv6 and IPv4 with a port", () => {
    expect(through("127.0.0.1", "127.0.0.1", "evil, not-an-ip").address).toBe("127.0.0.1");
    expect(through("127.0.0.1", "127.0.0.1", "[2001:db8::1]:443").address).toBe("2001:db8::1");
    expect(through("127.0.0.1", "127.0.0.1", "203.0.113.9:5555").address).toBe("203.0.113.9");
  });

  it("takes the scheme from the nearest trusted proxy only", () => {
    expect(through("127.0.0.1", "127.0.0.1", "203.0.113.9", "https").https).toBe(true);
    expect(through("127.0.0.1", "127.0.0.1", "203.0.113.9", "https, http").https).toBe(false);
    expect(through("127.0.0.1", "127.0.0.1", "203.0.113.9", "gopher").https).toBeUndefined();
  });
});

describe("the key a client is counted under", () => {
  it("is an IPv4 address as it is, also when mapped into IPv6", () => {
    expect(limitKey("203.0.113.9")).toBe("203.0.113.9");
    expect(limitKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("is an IPv6 address's /64, however it is written", () => {
    expect(limitKey("2001:db8:1:2::a")).toBe("2001:db8:1:2::/64");
    expect(limitKey("2001:0db8:0001:0002:ffff:0:0:1")).toBe("2001:db8:1:2::/64");
    expect(limitKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(limitKey("::1")).toBe("0:0:0:0::/64");
    expect(limitKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("gives every address of one /64 one key, and addresses of different /64s different keys", () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const network = fc.tuple(group, group, group, group);
    const host = fc.tuple(group, group, group, group);
    const written = (groups: number[]) => groups.map((g) => g.toString(16)).join(":");
    fc.assert(
      fc.property(network, host, host, network, (net, a, b, other) => {
        expect(limitKey(written([...net, ...a]))).toBe(limitKey(written([...net, ...b])));
        if (written(net) !== written(other)) {
          expect(limitKey(written([...net, ...a]))).not.toBe(limitKey(written([...other, ...a])));
        }
      }),
    );
  });
});
