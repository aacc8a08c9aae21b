import { describe, expect, it } from "vitest";
import { shippingZoneOf } from "./zones.ts";

describe("shipping zones", () => {
  it.each([
    ["ES", "28", "es-peninsula"],
    ["ES", "07", "es-balearic"],
    ["ES", "35", "es-canary"],
    ["ES", "38", "es-canary"],
    ["ES", "51", "es-ceuta-melilla"],
    ["ES", "52", "es-ceuta-melilla"],
    ["PT", "11", "pt-mainland"],
    ["PT", "30", "pt-madeira"],
    ["PT", "20", "pt-azores"],
  ] as const)("%s %s is %s", (country, region, zone) => {
    expect(shippingZoneOf({ country, region })).toBe(zone);
  });
});
