import { isIP } from "node:net";
import { APIError } from "better-auth/api";
import { type OriginPolicy, requestOrigin } from "../http/origin-policy.ts";

/**
 * The origin whose host names the passkeys' relying party for this request (decision 036):
 * PUBLIC_URL when it fixes the shop's address; otherwise the address the browser used, as the
 * origin policy trusts it for every write (decision 013), so the shop reached at localhost or
 * at a LAN name both work. A passkey belongs to the host it was made at.
 *
 * Browsers refuse passkeys at an IP address (WebAuthn needs a domain name): such a request is
 * told so in words, rather than given options no browser can use.
 */
export function relyingPartyOrigin(origins: OriginPolicy, request: Request | undefined): string {
  const own = request ? requestOrigin(request) : undefined;
  const origin =
    !origins.fixed && own && request && origins.trusts(own, request) ? own : origins.publicOrigin;
  if (isIpAddress(new URL(origin).hostname)) {
    throw new APIError("BAD_REQUEST", {
      code: "PASSKEYS_NEED_A_NAME",
      message: "Passkeys work at the shop's name, not at an IP address",
    });
  }
  return origin;
}

/** "127.0.0.1", "[::1]": a host that is an address, not a name. */
export function isIpAddress(host: string): boolean {
  return isIP(host.replace(/^\[(.*)\]$/, "$1")) !== 0;
}
