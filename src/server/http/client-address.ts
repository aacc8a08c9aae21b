import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";

/**
 * Which peers may say who the client is (issue 31, `TRUSTED_PROXIES`): none (the socket's address
 * is the client's), the proxies' addresses and networks, or a number of proxy hops in front of
 * the shop (a load balancer whose addresses change).
 */
export type ProxyTrust =
  | { kind: "none" }
  | { kind: "addresses"; trusted: BlockList }
  | { kind: "hops"; count: number };

export const NO_PROXY: ProxyTrust = { kind: "none" };

/**
 * `TRUSTED_PROXIES`: empty for none; a whole number of hops ("1": one proxy, whatever its
 * address); or addresses and CIDR networks separated by commas ("127.0.0.1, 10.0.0.0/8, ::1").
 * Returns an error message for anything else, so a typo stops the server instead of trusting
 * the wrong peer.
 */
export function parseProxyTrust(setting: string | undefined): ProxyTrust | string {
  const text = setting?.trim() ?? "";
  if (text === "") return NO_PROXY;
  if (/^\d+$/.test(text)) {
    const count = Number(text);
    return count >= 1 && count <= 10 ? { kind: "hops", count } : "a hop count is 1 to 10";
  }
  const trusted = parseAddressList(text);
  if (typeof trusted === "string") return trusted;
  return { kind: "addresses", trusted };
}

/**
 * Addresses and CIDR networks of either family, separated by commas ("127.0.0.1, 10.0.0.0/8,
 * fd00::/8"), as one list to check addresses against; an error message for an entry that is
 * neither.
 */
export function parseAddressList(text: string): BlockList | string {
  const list = new BlockList();
  for (const entry of text.split(",").map((part) => part.trim())) {
    const [address = "", bits, ...extra] = entry.split("/");
    const family = isIP(address);
    if (family === 0 || extra.length > 0) return `not an address or network: "${entry}"`;
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const prefix = /^\d+$/.test(bits) ? Number(bits) : Number.NaN;
    if (!(prefix >= 0 && prefix <= (family === 4 ? 32 : 128))) return `not a network: "${entry}"`;
    list.addSubnet(address, prefix, type);
  }
  return list;
}

/** Whether `address` is in `list` (either family). */
export function listed(list: BlockList, address: string): boolean {
  return list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/** Who sent a request, and whether they reached the shop over https (undefined: not said). */
export type Client = { address: string | undefined; https: boolean | undefined };

/**
 * The client of a request that reached the shop from `socket`, given what the proxies wrote:
 * `X-Forwarded-For` and `X-Forwarded-Proto` count only when the socket's peer is trusted. Then
 * the client is the right-most hop that is not a trusted proxy (each proxy appends the address
 * it was reached from, so anything left of that was written by the client and may be a lie), or
 * the hop `count` places from the socket in hop mode.
 */
export function resolveClient(
  trust: ProxyTrust,
  socket: string | undefined,
  headers: { forwardedFor: string | null; forwardedProto: string | null },
): Client {
  if (socket === undefined || !isTrusted(trust, socket, 0)) return { address: socket, https: undefined };
  const hops = (headers.forwardedFor ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter((hop) => hop !== "");
  // The nearest proxy's word on the scheme: the last value when several proxies appended theirs.
  const proto = headers.forwardedProto?.split(",").at(-1)?.trim().toLowerCase();
  const https = proto === "https" ? true : proto === "http" ? false : undefined;
  let address = socket;
  for (let index = hops.length - 1, depth = 1; index >= 0; index--, depth++) {
    const hop = unbracketed(hops[index] ?? "");
    // A hop that is no address is where the chain can no longer be followed: the last trusted
    // peer stands for the client (never a string a client wrote).
    if (isIP(hop) === 0) break;
    address = hop;
    if (!isTrusted(trust, hop, depth)) break;
  }
  return { address, https };
}

/** Whether the socket's peer is one of the proxies whose headers the shop believes. */
export function peerIsTrusted(trust: ProxyTrust, socket: string | undefined): boolean {
  return socket !== undefined && isTrusted(trust, socket, 0);
}

/** Whether the peer `depth` hops from the shop (0: the socket's) is one of the trusted proxies. */
function isTrusted(trust: ProxyTrust, address: string, depth: number): boolean {
  switch (trust.kind) {
    case "none":
      return false;
    case "hops":
      return depth < trust.count;
    case "addresses":
      return listed(trust.trusted, address);
  }
}

/** "[2001:db8::1]" as proxies may write it, "2001:db8::1"; an IPv4 hop with its port loses it. */
function unbracketed(hop: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(hop);
  if (bracketed?.[1]) return bracketed[1];
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(hop);
  return withPort?.[1] ?? hop;
}

/**
 * The key a client is counted under by every limit: an IPv4 address as it is (also when written
 * as "::ffff:a.b.c.d"), an IPv6 address by its /64 network, which one subscriber is usually given
 * whole (and an attacker would otherwise rotate through).
 */
export function limitKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIP(address) !== 6) return address;
  const groups = expandIpv6(address.split("%")[0] ?? address);
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address, each without leading zeros ("2001:db8::1" → 2001, db8, 0…). */
function expandIpv6(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const part = (text: string) => (text === "" ? [] : text.split(":"));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  // An embedded IPv4 tail ("::1.2.3.4") fills two groups.
  const last = right.at(-1) ?? left.at(-1);
  const v4 = last?.includes(".") ? 1 : 0;
  const missing = 8 - left.length - right.length - v4;
  const groups = [...left, ...Array.from({ length: Math.max(missing, 0) }, () => "0"), ...right];
  return groups.map((group) => (group.includes(".") ? group : Number.parseInt(group, 16).toString(16)));
}

// By the request's context, which every handler of one request shares (its `c.req.raw` is not:
// the body limit replaces it).
const clients = new WeakMap<Context, Client>();

/**
 * First on every request: who the client is, by the proxies the shop trusts, kept with the
 * request for the limits and the scheme-dependent answers further on.
 */
export function clientMiddleware(trust: ProxyTrust): MiddlewareHandler {
  return async (c, next) => {
    clients.set(
      c,
      resolveClient(trust, socketAddress(c), {
        forwardedFor: c.req.header("x-forwarded-for") ?? null,
        forwardedProto: c.req.header("x-forwarded-proto") ?? null,
      }),
    );
    await next();
  };
}

/** The request's client as `clientMiddleware` found it; the socket's peer without it. */
export function clientOf(c: Context): Client {
  return clients.get(c) ?? { address: socketAddress(c), https: undefined };
}

/** The key the request's client is counted under ("unknown" for in-process requests: tests, rendering). */
export function clientAddress(c: Context): string {
  const { address } = clientOf(c);
  return address === undefined ? "unknown" : limitKey(address);
}

/** The client's address as the socket sees it; undefined for in-process requests. */
function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}
