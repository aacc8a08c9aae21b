import { hostname, networkInterfaces } from "node:os";

/**
 * Where the shop lives, and which origins its own pages write from (issue 10, decision 013).
 *
 * With PUBLIC_URL the shop lives at exactly that origin: a page opened at another address is told
 * so, and its writes are refused. Without it the shop answers at whatever address reached it
 * (localhost, 127.0.0.1, the machine's LAN address or name): a write is the shop's own when its
 * Origin is the origin the request was made to, i.e. the `Host` it was sent to. A page on another
 * site cannot send a request whose Origin is our Host, so cross-site writes are still refused.
 */
export type OriginPolicy = {
  /** Canonical links, hreflang, the sitemap: PUBLIC_URL, or http://localhost:PORT. */
  readonly publicOrigin: string;
  /** True when PUBLIC_URL fixes the one origin the shop accepts writes from. */
  readonly fixed: boolean;
  /** The origins a write carried by this request may come from. */
  trustedOrigins(request: Request): string[];
  trusts(origin: string, request: Request): boolean;
  /**
   * The origin of links mailed while answering this request. A Host header is chosen by the
   * client, so without PUBLIC_URL it is only used when it names this machine: a forged Host can
   * never put someone else's server in a password-reset mail.
   */
  linkOrigin(request?: Request): string;
};

export type OriginPolicyOptions = {
  /** PUBLIC_URL, when set. */
  publicUrl?: string | undefined;
  port: number;
  /** The host names and addresses of this machine (tests pass their own). */
  localHosts?: ReadonlySet<string>;
};

export function createOriginPolicy({
  publicUrl,
  port,
  localHosts = thisMachineHosts(),
}: OriginPolicyOptions): OriginPolicy {
  const publicOrigin = (publicUrl ? new URL(publicUrl).origin : `http://localhost:${port}`).toLowerCase();
  const fixed = publicUrl !== undefined;
  const trustedOrigins = (request: Request) => {
    if (fixed) return [publicOrigin];
    const own = requestOrigin(request);
    return own && own !== publicOrigin ? [publicOrigin, own] : [publicOrigin];
  };
  return {
    publicOrigin,
    fixed,
    trustedOrigins,
    // The public origin first: the common case needs no look at the request's address.
    trusts: (origin, request) =>
      isPublicOrigin(publicOrigin, origin) || (!fixed && requestOrigin(request) === origin.toLowerCase()),
    linkOrigin(request) {
      if (fixed || !request) return publicOrigin;
      const url = safeUrl(request.url);
      return url && localHosts.has(url.hostname.toLowerCase()) ? url.origin : publicOrigin;
    },
  };
}

/**
 * Whether an Origin header names the public origin: trusted whatever else the request says, by
 * the app's rule and by the hot path's, which takes no other (decision 040).
 */
export function isPublicOrigin(publicOrigin: string, origin: string | undefined): boolean {
  return origin !== undefined && origin.toLowerCase() === publicOrigin;
}

/** The origin the browser addressed: scheme and `Host` as the server received them. */
export function requestOrigin(request: Request): string | undefined {
  return safeUrl(request.url)?.origin.toLowerCase();
}

function safeUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** localhost, this machine's name, and every address of its network interfaces. */
export function thisMachineHosts(): ReadonlySet<string> {
  const hosts = new Set(["localhost", hostname().toLowerCase()]);
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      hosts.add(address.family === "IPv6" ? `[${address.address.toLowerCase()}]` : address.address);
    }
  }
  return hosts;
}
