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
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      fields[issue.path.join(".") || target] ??= issue.message;
    }
    const body: ApiErrorBody = {
      error: { code: "invalid-request", message: `Invalid ${target}`, fields },
    };
    return c.json(body, 400);
  });
}

export function apiError(code: string, message: string): ApiErrorBody {
  return { error: { code, message } };
}
