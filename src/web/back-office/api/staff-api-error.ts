import { errorPartsOf } from "#shared/api/error-contract.ts";
import { ApiError } from "#web/lib/api-client.ts";

/** A refusal of the staff API: its code, and the fields it names (a password too common…). */
export class StaffApiError extends ApiError {
  readonly fields: Readonly<Record<string, string>>;
  constructor(status: number, code: string, message: string, fields: Readonly<Record<string, string>> = {}) {
    super(status, code, message);
    this.fields = fields;
  }
}

/** The refusal an answer carries (ours, `{ error: { code, fields } }`, or better-auth's `{ code }`). */
export function staffApiError(
  response: Pick<Response, "status" | "statusText">,
  body: unknown,
): StaffApiError {
  const { code, message, fields } = errorPartsOf(body);
  return new StaffApiError(response.status, code ?? "http-error", message ?? response.statusText, fields);
}
