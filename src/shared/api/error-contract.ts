/** Every API error body: a stable code for the client to translate, and a readable message. */
export type ApiErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
};

/** An error answer's parts, whichever shape: ours ({ error: { code, message } }) or better-auth's ({ code, message }). */
export function errorPartsOf(body: unknown): {
  code?: string;
  message?: string;
  fields?: Record<string, string>;
} {
  const error = fieldOf(body, "error");
  const code = textOf(fieldOf(error, "code")) ?? textOf(fieldOf(body, "code"));
  const message = textOf(fieldOf(error, "message")) ?? textOf(fieldOf(body, "message"));
  const fields = fieldOf(error, "fields");
  return {
    ...(code !== undefined ? { code } : {}),
    ...(message !== undefined ? { message } : {}),
    ...(isTextRecord(fields) ? { fields } : {}),
  };
}

/** A property of a JSON value read without trusting its shape (undefined when it is not there). */
export const fieldOf = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null
    ? Object.getOwnPropertyDescriptor(value, key)?.value
    : undefined;

const textOf = (value: unknown) => (typeof value === "string" ? value : undefined);

function isTextRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.values(value).every((field) => typeof field === "string")
  );
}
