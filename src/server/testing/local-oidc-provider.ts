import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration } from "oidc-provider";

/** What a test user's provider says about them (OpenID Connect standard claims). */
export type LocalOidcUser = {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
};

/** Test users, signed in at the provider's page by typing their login (any password). */
export const LOCAL_OIDC_USERS = {
  /** Verified e-mail and both names. */
  ana: { email: "ana.robles@example.com", email_verified: true, given_name: "Ana", family_name: "Robles" },
  /** Verified e-mail, no names: the welcome page asks for them. */
  sinnombre: { email: "sin.nombre@example.com", email_verified: true },
  /** The provider did not verify this address. */
  noverificada: { email: "no.verificada@example.com", email_verified: false, given_name: "Nora" },
} satisfies Record<string, LocalOidcUser>;

export type LocalOidcProvider = {
  /** The issuer; its discovery document is at discoveryUrl. */
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /** Adds (or replaces) a user the provider knows, under a login. */
  addUser(login: string, user: LocalOidcUser): void;
  /** From now on the authorization endpoint answers `temporarily_unavailable`, as a provider in trouble. */
  failAuthorizations(failing: boolean): void;
  close(): Promise<void>;
};

const CLIENT_ID = "miaubot-shop-test";
const CLIENT_SECRET = "local-oidc-client-secret-for-tests-only";

/**
 * A real OpenID Connect provider (`oidc-provider`) on loopback standing in for Google in tests
 * (decision 033): discovery, signed ID tokens, PKCE, its own login page (devInteractions: a login
 * and a password field, and a "Cancel" link that answers `access_denied`). Consent is taken as
 * given, as Google does for an app the user has already allowed.
 */
export async function startLocalOidcProvider(redirectUris: string[]): Promise<LocalOidcProvider> {
  const users = new Map<string, LocalOidcUser>(Object.entries(LOCAL_OIDC_USERS));
  let failing = false;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const configuration: Configuration = {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: redirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name"],
    },
    // As Google: the ID token carries the e-mail and names, not only the userinfo endpoint.
    conformIdTokenClaims: false,
    cookies: { keys: ["local-oidc-provider-cookie-key"] },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, sub) => {
      const found = users.get(sub);
      if (!found) return undefined;
      const name = [found.given_name, found.family_name].filter(Boolean).join(" ");
      return { accountId: sub, claims: async () => ({ sub, ...found, ...(name ? { name } : {}) }) };
    },
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.use(async (ctx, next) => {
    if (failing && ctx.path === "/auth") {
      const back = new URL(String(ctx.query.redirect_uri));
      back.searchParams.set("error", "temporarily_unavailable");
      if (typeof ctx.query.state === "string") back.searchParams.set("state", ctx.query.state);
      ctx.redirect(back.href);
      return;
    }
    await next();
  });
  server.on("request", provider.callback());
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    addUser: (login, user) => void users.set(login, user),
    failAuthorizations: (value) => {
      failing = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser at the provider, without one: follows the authorization URL through the provider's
 * login page, signing in as `login` (or pressing "Cancel"), and answers where the provider sends
 * the browser back (the shop's callback URL with its code or error).
 */
export async function answerAtProvider(
  authorizationUrl: string,
  action: { login: string } | "cancel",
): Promise<string> {
  const jar = new Map<string, string>();
  const visit = async (url: string, init: RequestInit = {}): Promise<string> => {
    const headers = new Headers(init.headers);
    headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get("location");
    if (!location)
      throw new Error(`The provider answered ${response.status} at ${url} without sending the browser on`);
    return new URL(location, url).href;
  };
  const issuer = new URL(authorizationUrl).origin;
  let next = await visit(authorizationUrl);
  // The provider's own pages, until it sends the browser elsewhere (back to the shop).
  while (new URL(next).origin === issuer) {
    const path = new URL(next).pathname;
    if (path.startsWith("/interaction/")) {
      next =
        action === "cancel"
          ? await visit(`${next}/abort`)
          : await visit(next, {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams({ prompt: "login", login: action.login, password: "any" }).toString(),
            });
    } else {
      next = await visit(next);
    }
  }
  return next;
}
