import type { Context, MiddlewareHandler, TypedResponse } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { JSONParsed } from "hono/utils/types";
import type { z } from "zod";
import type { SessionUser } from "#shared/api/account-contract.ts";
import type { UserEnv } from "../auth/require-user.ts";
import { invalidRequest, validate } from "./validate.ts";

/** What a write answers, as data: the app sends it through Hono, the hot path as it is. */
export type WriteAnswer = { status: ContentfulStatusCode; body: object };

/**
 * One write of the signed-in shopper, declared once (decision 040): its method, path, schemas and
 * answer. Its Hono route is `.put(write.path, ...write.validators, write.handler)` on a router
 * behind `requireUser` (the handler's `UserEnv` says so), typed for `hc` as a route written by
 * hand; the hot path (`http/api-first.ts`) takes the same write through `accept`.
 */
export type DeclaredWrite = {
  method: "POST" | "PUT" | "DELETE";
  /** The path on the router it is mounted on (`/:id`); the hot path adds the router's mount. */
  path: string;
  /** The guard: a signed-in shopper (guests included), `requireUser` in the app. */
  guard: "signed-in";
  /** For the hot path: the answer of a request whose parameters and query pass, else undefined. */
  accept(params: Record<string, string>, query: Record<string, string>): HotHandler | undefined;
};

export type HotHandler = {
  withBody: boolean;
  /** The answer for this shopper and body (as parsed JSON), validated by the write's schema. */
  answer(user: SessionUser, body: unknown): Promise<WriteAnswer>;
};

type Spec<Path extends string, Params extends z.ZodType, Query extends z.ZodType> = {
  method: DeclaredWrite["method"];
  path: Path;
  params: Params;
  query: Query;
};

type InputOf<Validator> =
  Validator extends MiddlewareHandler<infer _E, infer _P, infer I, infer _R> ? I : never;
type JsonAnswer<Sent extends WriteAnswer> = Response &
  TypedResponse<JSONParsed<Sent["body"]>, Sent["status"], "json">;

/** A write without a body (removing a line, toggling a heart). */
export function signedInWrite<
  Path extends string,
  Params extends z.ZodType,
  Query extends z.ZodType,
  Sent extends WriteAnswer,
>(
  spec: Spec<Path, Params, Query> & {
    answer(user: SessionUser, input: { params: z.output<Params>; query: z.output<Query> }): Promise<Sent>;
  },
) {
  const validators = [validate("param", spec.params), validate("query", spec.query)] as const;
  type Input = InputOf<(typeof validators)[0]> & InputOf<(typeof validators)[1]>;
  const handler = async (c: Context<UserEnv, Path, Input>): Promise<JsonAnswer<Sent>> => {
    const input = { params: c.req.valid("param"), query: c.req.valid("query") };
    const { status, body } = await spec.answer(c.get("user"), input);
    return c.json<Sent["body"], Sent["status"]>(body, status);
  };
  const accept = accepting(spec, (input) => ({
    withBody: false,
    answer: (user) => spec.answer(user, input),
  }));
  return { method: spec.method, path: spec.path, guard: "signed-in", accept, validators, handler } as const;
}

/** A write with a JSON body (a cart line's quantity). */
export function signedInJsonWrite<
  Path extends string,
  Params extends z.ZodType,
  Query extends z.ZodType,
  Body extends z.ZodType,
  Sent extends WriteAnswer,
>(
  spec: Spec<Path, Params, Query> & {
    body: Body;
    answer(
      user: SessionUser,
      input: { params: z.output<Params>; query: z.output<Query>; body: z.output<Body> },
    ): Promise<Sent>;
  },
) {
  const validators = [
    validate("param", spec.params),
    validate("query", spec.query),
    validate("json", spec.body),
  ] as const;
  type Input = InputOf<(typeof validators)[0]> &
    InputOf<(typeof validators)[1]> &
    InputOf<(typeof validators)[2]>;
  const handler = async (c: Context<UserEnv, Path, Input>): Promise<JsonAnswer<Sent>> => {
    const input = { params: c.req.valid("param"), query: c.req.valid("query"), body: c.req.valid("json") };
    const { status, body } = await spec.answer(c.get("user"), input);
    return c.json<Sent["body"], Sent["status"]>(body, status);
  };
  const accept = accepting(spec, (input) => ({
    withBody: true,
    async answer(user, raw) {
      const body = spec.body.safeParse(raw);
      // The app's validator's answer (`validate`), for the same schema's issues.
      if (!body.success) return { status: 400, body: invalidRequest("json", body.error.issues) };
      return spec.answer(user, { ...input, body: body.data });
    },
  }));
  return { method: spec.method, path: spec.path, guard: "signed-in", accept, validators, handler } as const;
}

/** The hot path's side: parameters and query through the write's schemas, once each, then its handler. */
function accepting<Params extends z.ZodType, Query extends z.ZodType>(
  { params, query }: { params: Params; query: Query },
  handlerOf: (input: { params: z.output<Params>; query: z.output<Query> }) => HotHandler,
): DeclaredWrite["accept"] {
  return (rawParams, rawQuery) => {
    const parsedParams = params.safeParse(rawParams);
    const parsedQuery = query.safeParse(rawQuery);
    if (!parsedParams.success || !parsedQuery.success) return undefined;
    return handlerOf({ params: parsedParams.data, query: parsedQuery.data });
  };
}
