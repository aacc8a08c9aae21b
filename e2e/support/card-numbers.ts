import { looksLikeCardNumber } from "#server/http/no-card-numbers.ts";

/**
 * The texts of a request (its body or address, as sent and form-decoded) that hold a card number,
 * by the same test the server refuses bodies with (`http/no-card-numbers.ts`).
 */
export function cardNumbersIn(text: string): string[] {
  let decoded = text;
  try {
    decoded = decodeURIComponent(text.replace(/\+/g, " "));
  } catch {}
  return [text, decoded].filter(looksLikeCardNumber);
}
