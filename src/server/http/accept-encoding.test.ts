import { describe, expect, it } from "vitest";
import { chosenEncoding } from "./accept-encoding.ts";

describe("chosenEncoding", () => {
  it("chooses as Hono's compressor does", () => {
    expect(chosenEncoding("gzip, deflate, br")).toBe("gzip");
    expect(chosenEncoding("br;q=1, GZIP;q=0.5")).toBe("gzip");
    expect(chosenEncoding("deflate, gzip;q=0.5")).toBe("deflate");
    expect(chosenEncoding("*")).toBe("gzip");
    expect(chosenEncoding("gzip;q=0, *")).toBe("deflate");
    expect(chosenEncoding("*;q=0")).toBeUndefined();
    expect(chosenEncoding("br")).toBeUndefined();
    expect(chosenEncoding("identity")).toBeUndefined();
    expect(chosenEncoding("")).toBeUndefined();
    expect(chosenEncoding(undefined)).toBeUndefined();
  });
});
