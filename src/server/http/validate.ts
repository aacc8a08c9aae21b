import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import type { ApiErrorBody } from "#shared/api/error-contract.ts";

/** zod validation for any request part, answering 400 with the shared error body. */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result, c) => {
    if (result.success) return;
    return c.json(invalidRequest(target, result.error.issues), 400);
  });
}

/** The 400 answer's body for a request part that failed its schema: the first message per field. */
export function invalidRequest(target: string, issues: readonly z.core.$ZodIssue[]): ApiErrorBody {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.join(".") || target] ??= issue.message;
  return { error: { code: "invalid-request", message: `Invalid ${target}`, fields } };
}

/** What Hono answers for a JSON body that does not parse (its message, kept for the hot path). */
export const MALFORMED_JSON = apiError("invalid-request", "Malformed JSON in request body");

export function apiError(code: string, message: string): ApiErrorBody {
  return { error: { code, message } };
}
