import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { bodyTexts, looksLikeCardNumber, refuseCardNumbers } from "./no-card-numbers.ts";

/** A number passing Luhn: `digits` with the check digit that completes it. */
function withCheckDigit(digits: string): string {
  for (let check = 0; check < 10; check++) {
    const candidate = `${digits}${check}`;
    let sum = 0;
    for (let i = 0; i < candidate.length; i++) {
      let digit = Number(candidate[candidate.length - 1 - i]);
      if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error("unreachable");
}

const cardNumber = fc
  .stringMatching(/^[1-9]\d{11,17}$/)
  .map(withCheckDigit)
  .chain((digits) =>
    fc.constantFrom("", " ", "-").map((gap) => digits.replace(/(\d{4})(?=\d)/g, `$1${gap}`)),
  );

describe("card numbers in request bodies", () => {
  it("finds any card-shaped number, grouped or not, wherever it stands in a text", () => {
    fc.assert(
      fc.property(cardNumber, fc.string(), fc.string(), (number, before, after) =>
        looksLikeCardNumber(`${before.replace(/[\w-]$/, "")} ${number} ${after.replace(/^[\w-]/, "")}`),
      ),
    );
    for (const typed of [
      "4242424242424242",
      "4000 0027 6000 3184",
      "5555-5555-5555-4444",
      "378282246310005",
      "4242 4242 4242 4242 123",
      "Ana 4242424242424242 12/30 123",
    ]) {
      expect(looksLikeCardNumber(typed), typed).toBe(true);
    }
  });

  it("leaves alone what shoppers really send: phones, postal codes, ids, references, amounts", () => {
    const ordinary = [
      "+34 612 345 678",
      "+351 212 345 678",
      "1100-053",
      "28013",
      randomUUID(),
      "tpi_0123456789abcdef01234567_secret_4242424242424242",
      "123456789",
      "A58818501",
      "4242 4242 4242 4241",
      "Calle de Alcalá 12, 3º B",
    ];
    for (const text of ordinary) expect(looksLikeCardNumber(text), text).toBe(false);
  });

  it("reads a JSON document's texts (keys too) and a posted form's values, not its numbers", () => {
    const json = JSON.stringify({ card: { number: "4242 4242 4242 4242" }, cents: 4242424242424242 });
    expect(bodyTexts(json, "application/json").some(looksLikeCardNumber)).toBe(true);
    expect(bodyTexts(JSON.stringify({ cents: 4242424242424242 }), "application/json")).toEqual(["cents"]);
    expect(bodyTexts("pan=4242424242424242&x=1", "application/x-www-form-urlencoded")).toContain(
      "4242424242424242",
    );
    expect(bodyTexts("{not json", "application/json")).toEqual([]);
  });

  it("refuses a JSON body with a card number, and never reads a body it has no texts to look at", async () => {
    const app = new Hono().use(refuseCardNumbers()).post("/", (c) => c.text("taken"));
    const json = await app.request("/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ pan: "4242 4242 4242 4242" }),
    });
    expect(json.status).toBe(400);
    // An uploaded picture (decision 055): a body that fails if anything reads it reaches the route.
    const unreadable = new ReadableStream<Uint8Array>({
      pull: () => {
        throw new Error("the picture was read");
      },
    });
    const picture = await app.request("/", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: unreadable,
      duplex: "half",
    } as RequestInit);
    expect([picture.status, await picture.text()]).toEqual([200, "taken"]);
  });
});
