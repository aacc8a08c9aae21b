/** Every API error body: a stable code for the client to translate, and a readable message. */
export type ApiErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
};
