import type { LoginForm, SessionUser } from "./account-contract.ts";
import { fieldOf } from "./error-contract.ts";

/**
 * better-auth's endpoints the shop calls, with the body each takes. They sit behind one wildcard
 * route (`/api/auth/*`), so the API's type (`ShopApi`) does not know them: this list is their
 * contract, for the web's calls and the page forms' alike (decision 039), and
 * `server/http/web-api-paths.api.test.ts` checks each against better-auth's own endpoints.
 */
export type AuthPosts = {
  "/api/auth/sign-up/email": { name: string; lastName: string; email: string; password: string };
  "/api/auth/sign-up/prove-address": { code: string; proof?: string };
  "/api/auth/sign-up/send-address-code": Record<string, never>;
  "/api/auth/sign-in/email": LoginForm;
  "/api/auth/sign-in/anonymous": Record<string, never>;
  "/api/auth/sign-in/magic-link": { email: string };
  "/api/auth/sign-out": Record<string, never>;
  "/api/auth/delete-user": { password: string };
  "/api/auth/request-password-reset": { email: string };
  "/api/auth/reset-password": { token: string; newPassword: string };
  "/api/auth/passkey/delete-passkey": { id: string };
  // The authenticator's answer, passed on as @simplewebauthn/browser made it.
  "/api/auth/passkey/verify-registration": { response: unknown; name?: string };
  "/api/auth/passkey/verify-authentication": { response: unknown };
};

export type AuthGet =
  | "/api/auth/passkey/list-user-passkeys"
  | "/api/auth/passkey/generate-register-options"
  | "/api/auth/passkey/generate-authenticate-options";

/**
 * The user a sign-in answers with (`{ user }`: the password, the address's code, a guest), checked
 * by hand rather than with zod: a guest's sign-in is part of the storefront's first view, which
 * does not load zod.
 */
export function signedInUserOf(answer: unknown): SessionUser {
  const user = fieldOf(answer, "user");
  const [id, email, name, lastName] = ["id", "email", "name", "lastName"].map((key) => fieldOf(user, key));
  if (typeof id !== "string" || typeof email !== "string" || typeof name !== "string") {
    throw new TypeError("The sign-in answer names no user");
  }
  return { id, email, name, lastName: typeof lastName === "string" ? lastName : "" };
}
