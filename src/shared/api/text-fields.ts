import { z } from "zod";
import { hasControlCharacters } from "../text.ts";

/** Error code of a field holding control characters (shared/text.ts). */
export const TEXT_INVALID = "text-invalid";

/**
 * A one-line text field of a form: trimmed, at most `max` characters, free of control characters;
 * with `requiredCode`, not empty (and that code for an empty or too long one).
 */
export function textField(max: number, requiredCode?: string) {
  const trimmed = z.string().trim();
  const sized = requiredCode ? trimmed.min(1, requiredCode).max(max, requiredCode) : trimmed.max(max);
  return sized.refine((value) => !hasControlCharacters(value), TEXT_INVALID);
}
