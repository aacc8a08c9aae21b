import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { brand } from "./brand.ts";
import { carrierIdSchema, trackingLink, trackingNumberSchema } from "./tracking.ts";

const numberCharacter = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-".split(""));
const goodNumber = fc.array(numberCharacter, { minLength: 4, maxLength: 40 }).map((chars) => chars.join(""));

describe("trackingLink", () => {
  it("fills the carrier's page with the number", () => {
    expect(trackingLink("envios-veloz", "ABC123")).toEqual({
      carrier: "Envíos Veloz",
      number: "ABC123",
      url: "https://seguimiento.envios-veloz.example/envio/ABC123",
    });
    expect(trackingLink("correo-iberico", "PK-0001")?.url).toBe(
      "https://www.correo-iberico.example/localizar?codigo=PK-0001",
    );
  });

  it("is null for a carrier that is none of the shop's", () => {
    expect(trackingLink("mensajeria-fantasma", "ABC123")).toBeNull();
    expect(trackingLink("", "ABC123")).toBeNull();
  });

  it("URL-encodes whatever number it is given, so the link stays on the carrier's page", () => {
    expect(trackingLink("luso-entregas", "a/../b?x=1#y")?.url).toBe(
      "https://track.luso-entregas.example/a%2F..%2Fb%3Fx%3D1%23y",
    );
    fc.assert(
      fc.property(fc.constantFrom(...brand.carriers), fc.string(), (carrier, number) => {
        const link = trackingLink(carrier.id, number);
        expect(link?.url).toBe(carrier.trackingUrl.split("{number}").join(encodeURIComponent(number)));
        expect(link?.number).toBe(number);
        expect(new URL(link?.url ?? "").host).toBe(new URL(carrier.trackingUrl.replace("{number}", "")).host);
      }),
    );
  });
});

describe("trackingNumberSchema", () => {
  it("takes 4 to 40 capitals, digits and hyphens, trimmed and upper-cased", () => {
    expect(trackingNumberSchema.parse("  abc-123 ")).toBe("ABC-123");
    fc.assert(
      fc.property(goodNumber, fc.constantFrom("", " ", "\t"), (number, blank) => {
        expect(trackingNumberSchema.parse(`${blank}${number.toLowerCase()}${blank}`)).toBe(number);
      }),
    );
  });

  it("refuses numbers too short, too long, or with anything else in them", () => {
    for (const bad of ["", "ABC", "A".repeat(41), "ABC 123", "ABC/123", "ÁBC123", "ABC_123", "ABC123\n9"]) {
      expect(trackingNumberSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(trackingNumberSchema.safeParse(123456).success).toBe(false);
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = trackingNumberSchema.safeParse(text);
        if (parsed.success) expect(parsed.data).toMatch(/^[A-Z0-9-]{4,40}$/);
      }),
    );
  });
});

describe("carrierIdSchema", () => {
  it("takes the shop's carriers only", () => {
    for (const carrier of brand.carriers) expect(carrierIdSchema.parse(carrier.id)).toBe(carrier.id);
    expect(carrierIdSchema.safeParse("Envíos Veloz").success).toBe(false);
    expect(carrierIdSchema.safeParse("ENVIOS-VELOZ").success).toBe(false);
  });
});
