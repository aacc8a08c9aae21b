import type { MiddlewareHandler } from "hono";
import { apiError } from "./validate.ts";

/** Digits, maybe in groups split by one space or dash, standing alone. */
const DIGIT_RUN = /(?<![\w-])\d+(?:[ -]\d+)*(?![\w-])/g;

/** The Luhn check every card number passes (and nine in ten other digit strings fail). */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Whether a text holds something that is, by its shape, a card number: 13 to 19 digits passing
 * Luhn, written in one piece or in groups, alone or next to other groups (the expiry, the CVC).
 */
export function looksLikeCardNumber(text: string): boolean {
  for (const [run] of text.matchAll(DIGIT_RUN)) {
    const groups = run.split(/[ -]/);
    for (let first = 0; first < groups.length; first++) {
      let digits = "";
      for (let last = first; last < groups.length && digits.length < 19; last++) {
        digits += groups[last];
        if (digits.length >= 13 && digits.length <= 19 && passesLuhn(digits)) return true;
      }
    }
  }
  return false;
}

/** Every text a JSON value holds, keys included. */
function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...textsOf(inner)]);
  }
  return [];
}

/** The bodies whose texts are read: JSON documents and posted forms (not a file's bytes). */
const TEXT_BODY = /json|x-www-form-urlencoded/i;

/** The texts a request body carries: a JSON document's, or a posted form's. */
export function bodyTexts(body: string, contentType: string): string[] {
  if (/json/i.test(contentType)) {
    try {
      return textsOf(JSON.parse(body));
    } catch {
      return [];
    }
  }
  if (/x-www-form-urlencoded/i.test(contentType)) return [...new URLSearchParams(body)].flat();
  return [];
}

/** Whether a request body (JSON or a posted form) carries a card number anywhere in its texts. */
export function carriesCardNumber(body: string, contentType: string): boolean {
  return bodyTexts(body, contentType).some(looksLikeCardNumber);
}

export const CARD_NUMBER_REFUSED = apiError(
  "card-number-refused",
  "Card details go to the payment provider's form only",
);

/**
 * No card number reaches the shop (issue 27, decision 034): the provider's own form takes it in
 * the browser. A body that carries one anyway (an old page, a script, a mistake) is refused
 * before any route reads it, and nothing of it is logged. Only texts are looked at, so numbers
 * such as amounts and times are never taken for cards.
 */
export function refuseCardNumbers(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD" || !c.req.raw.body) return next();
    // Another body has no texts to look at (`bodyTexts`): an uploaded picture is not read twice.
    if (!TEXT_BODY.test(c.req.header("content-type") ?? "")) return next();
    // A copy: the route (better-auth's handler among them) reads the request as it came.
    const body = await c.req.raw.clone().text();
    if (carriesCardNumber(body, c.req.header("content-type") ?? "")) return c.json(CARD_NUMBER_REFUSED, 400);
    return next();
  };
}
