import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";
import { paths } from "#shared/paths.ts";
import type { Database } from "../db/client.ts";
import type { OriginPolicy } from "../http/origin-policy.ts";
import type { Mailer } from "../mail/mailer.ts";
import {
  ADDRESS_CODE_MINUTES,
  accountProofKey,
  issueCode,
  newProofSecret,
  readProof,
  signUpProofKey,
  spendCode,
} from "./address-proof-codes.ts";
import { addressCodeMail, signUpAttemptMail } from "./address-proof-mails.ts";
import { langOfRequest } from "./auth-mails.ts";

export type AddressProofOptions = {
  db: Database;
  mailer: Mailer;
  origins: OriginPolicy;
  now?: () => Date;
};

/** The endpoints under /api/auth (under /sign-up: a proof that signs in moves a guest's rows). */
export const ADDRESS_PROOF_PATHS = {
  prove: "/sign-up/prove-address",
  send: "/sign-up/send-address-code",
} as const;

/** The browser's secret for the proof its sign-up started (httpOnly, sent to these paths only). */
export const PROOF_COOKIE = "address_proof";

const proveBody = z.object({
  code: z.string().max(32),
  /** The secret, when the form was posted without the script (the page carries it, not a cookie). */
  proof: z.string().max(64).optional(),
});
const sendBody = z.object({ proof: z.string().max(64).optional() }).optional();
const signUpAnswer = z.object({ user: z.object({ id: z.string(), email: z.string() }) });
/** A guest's stand-in user (decision 032): its address is never mailed. */
const guestUser = z.object({ isAnonymous: z.literal(true) });

type Ctx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Proven addresses (issue 28, decision 033 amended): a new account proves its address with a
 * code mailed at sign-up and typed in the browser that signed up (which holds the proof's secret),
 * or, signed in with its password, with a code it asks for. A sign-up with a known address answers
 * and behaves alike (a secret, a proof nothing can pass) and mails the address's owner instead.
 * A right code marks the address proven and signs the browser in.
 */
export function addressProof({ db, mailer, origins, now = () => new Date() }: AddressProofOptions) {
  const mailCode = async (ctx: Ctx, to: { email: string; name: string }, key: string, userId: string) => {
    const code = await issueCode(db, key, { userId, email: to.email }, now());
    if (code) await mailer.send(addressCodeMail(to, code, ADDRESS_CODE_MINUTES, langOfRequest(ctx.request)));
  };

  const proveAddress = createAuthEndpoint(
    ADDRESS_PROOF_PATHS.prove,
    { method: "POST", body: proveBody },
    async (ctx) => {
      const signedIn = await accountOf(ctx);
      const secret = ctx.body.proof ?? ctx.getCookie(proofCookie(ctx).name);
      const keys = [
        ...(signedIn ? [accountProofKey(signedIn.id)] : []),
        ...(secret ? [signUpProofKey(secret)] : []),
      ];
      // Signed in after registering, a shopper may hold both codes: either proves the address.
      for (const key of keys) {
        if (!(await readProof(db, key, now()))) continue;
        const proof = await spendCode(db, key, ctx.body.code, now());
        const found = proof?.userId ? await ctx.context.internalAdapter.findUserById(proof.userId) : null;
        if (!proof || !found || found.email !== proof.email) continue;
        const user = await ctx.context.internalAdapter.updateUser(found.id, { emailVerified: true });
        forgetProofCookie(ctx);
        if (signedIn?.id !== user.id) {
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
        }
        return ctx.json({ status: true, user: shownUser(user) });
      }
      throw new APIError("BAD_REQUEST", { code: "INVALID_CODE", message: "Wrong or expired code" });
    },
  );

  const sendAddressCode = createAuthEndpoint(
    ADDRESS_PROOF_PATHS.send,
    { method: "POST", body: sendBody },
    async (ctx) => {
      const signedIn = await accountOf(ctx);
      if (signedIn) {
        if (!signedIn.emailVerified) await mailCode(ctx, signedIn, accountProofKey(signedIn.id), signedIn.id);
        return ctx.json({ status: true });
      }
      const secret = ctx.body?.proof ?? ctx.getCookie(proofCookie(ctx).name);
      const proof = secret ? await readProof(db, signUpProofKey(secret), now()) : null;
      const found = proof?.userId ? await ctx.context.internalAdapter.findUserById(proof.userId) : null;
      if (secret && found && !found.emailVerified && found.email === proof?.email) {
        await mailCode(ctx, found, signUpProofKey(secret), found.id);
      }
      return ctx.json({ status: true });
    },
  );

  /** After a sign-up: the new account's code, or, for a known address, its owner's notice. */
  const afterSignUp = createAuthMiddleware(async (ctx) => {
    const answer = signUpAnswer.safeParse(returnedBody(ctx.context.returned));
    if (!answer.success) return;
    const email = answer.data.user.email;
    const adapter = ctx.context.internalAdapter;
    const held = ctx.getCookie(proofCookie(ctx).name);
    const heldProof = held ? await readProof(db, signUpProofKey(held), now()) : null;
    const created = await adapter.findUserById(answer.data.user.id);
    if (created) {
      const secret = newProofSecret();
      await mailCode(ctx, created, signUpProofKey(secret), created.id);
      setProofCookie(ctx, secret);
    } else if (held && heldProof?.userId && heldProof.email === email) {
      // The same browser sent its sign-up again: its own proof gets a new code.
      const owner = await adapter.findUserById(heldProof.userId);
      if (owner && !owner.emailVerified) await mailCode(ctx, owner, signUpProofKey(held), owner.id);
    } else {
      const secret = newProofSecret();
      await issueCode(db, signUpProofKey(secret), { userId: null, email }, now());
      setProofCookie(ctx, secret);
      await mailOwner(ctx, email);
    }
  });

  /** Tells the address's owner that someone tried to sign up with it (never a guest's stand-in). */
  const mailOwner = async (ctx: Ctx, email: string) => {
    const owner = (await ctx.context.internalAdapter.findUserByEmail(email))?.user;
    if (!owner || guestUser.safeParse(owner).success) return;
    const origin = origins.linkOrigin(ctx.request);
    const links = { signIn: `${origin}${paths.login()}`, reset: `${origin}${paths.resetRequest()}` };
    await mailer.send(signUpAttemptMail(owner, links, langOfRequest(ctx.request)));
  };

  return {
    id: "shop-address-proof",
    endpoints: { proveAddress, sendAddressCode },
    hooks: { after: [{ matcher: (ctx) => ctx.path === "/sign-up/email", handler: afterSignUp }] },
    rateLimit: [
      { pathMatcher: (path) => path === ADDRESS_PROOF_PATHS.prove, window: 60, max: 10 },
      { pathMatcher: (path) => path === ADDRESS_PROOF_PATHS.send, window: 60, max: 3 },
    ],
  } satisfies BetterAuthPlugin;
}

/** The signed-in account of the request (a guest is none), as better-auth reads it. */
async function accountOf(ctx: Ctx) {
  const current = await getSessionFromCtx(ctx, { disableRefresh: true });
  return current && current.user.isAnonymous !== true ? current.user : null;
}

function proofCookie(ctx: Ctx) {
  return ctx.context.createAuthCookie(PROOF_COOKIE, {
    maxAge: ADDRESS_CODE_MINUTES * 60,
    path: "/api/auth/sign-up",
  });
}

function setProofCookie(ctx: Ctx, secret: string): void {
  const cookie = proofCookie(ctx);
  ctx.setCookie(cookie.name, secret, cookie.attributes);
}

function forgetProofCookie(ctx: Ctx): void {
  const cookie = proofCookie(ctx);
  ctx.setCookie(cookie.name, "", { ...cookie.attributes, maxAge: 0 });
}

/** What an endpoint answered, when it answered (a JSON body or a Response). */
function returnedBody(returned: unknown): unknown {
  if (returned instanceof Response || returned instanceof Error) return null;
  return returned;
}

function shownUser(user: { id: string; email: string; name: string; lastName?: unknown }) {
  const lastName = typeof user.lastName === "string" ? user.lastName : "";
  return { id: user.id, email: user.email, name: user.name, lastName };
}
