import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { authGet, authPost } from "#web/lib/auth-client.ts";
import { fetcherOf, perUserMeta } from "#web/lib/query-client.ts";

/** One of the account's passkeys, as better-auth's passkey plugin lists it (decision 036). */
const passkeyViewSchema = z.object({
  id: z.string(),
  name: z.string().nullish(),
  createdAt: z.string().nullish(),
  deviceType: z.string(),
  backedUp: z.boolean(),
});
export type PasskeyView = z.infer<typeof passkeyViewSchema>;

const passkeyListSchema = z.array(passkeyViewSchema);

/** The signed-in account's passkeys (shown on /datos/personales). */
export const passkeysQuery = queryOptions({
  queryKey: ["passkeys"],
  queryFn: async ({ client }): Promise<PasskeyView[]> =>
    passkeyListSchema.parse(await authGet("/api/auth/passkey/list-user-passkeys", fetcherOf(client))),
  meta: perUserMeta,
});

export async function removePasskey(id: string): Promise<void> {
  await authPost("/api/auth/passkey/delete-passkey", { id });
}

/** "127.0.0.1", "[::1]": a host that is an address, where browsers have no passkeys. */
export function isIpHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  return /^[\d.]+$/.test(bare) || bare.includes(":");
}

/** Whether this browser has WebAuthn at all. */
export function browserHasPasskeys(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/**
 * Whether this browser, at this address, can use passkeys: WebAuthn needs a domain name, so the
 * shop opened at an IP address (127.0.0.1, a LAN address) cannot (decision 036).
 */
export function passkeysPossibleHere(): boolean {
  return browserHasPasskeys() && !isIpHost(window.location.hostname);
}

type Ceremonies = typeof import("./webauthn-ceremonies.ts");
let ceremonies: Ceremonies | undefined;

/** The WebAuthn steps, fetched with their library only when a passkey is used (decision 036). */
export async function loadCeremonies(): Promise<Ceremonies> {
  ceremonies ??= await import("./webauthn-ceremonies.ts");
  return ceremonies;
}

/**
 * Lets a waiting passkey request go at once (on `pagehide`: a page still waiting for one never
 * enters the back/forward cache). Synchronous, so it is done before the page is put away.
 */
export function cancelPasskeyRequest(): void {
  ceremonies?.cancelCeremony();
}
