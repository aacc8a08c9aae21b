import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { type ProxyTrust, peerIsTrusted } from "./client-address.ts";

export const REQUEST_ID_HEADER = "x-request-id";

/** What a proxy's id may look like: a UUID, a trace id, an nginx `$request_id`. */
const PROXY_ID = /^[\w.:-]{1,128}$/;

/**
 * The request's id (issue 31): the one the proxy in front gave it, so that its log and ours name
 * the same request, when that proxy is trusted and the id is sane; a new UUID otherwise.
 */
export function requestIdOf(request: IncomingMessage, trust: ProxyTrust): string {
  const given = request.headers[REQUEST_ID_HEADER];
  if (
    typeof given === "string" &&
    PROXY_ID.test(given) &&
    peerIsTrusted(trust, request.socket.remoteAddress)
  ) {
    return given;
  }
  return randomUUID();
}
