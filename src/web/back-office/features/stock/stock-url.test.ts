import { describe, expect, it } from "vitest";
import { readStockAddress, stockHref, stockSearch } from "./stock-url.ts";

describe("the stock list's address", () => {
  it("reads the search, the low filter and the page, and writes only what differs from the defaults", () => {
    const read = readStockAddress("?q=  gato  robot &low=1&page=2");
    expect(read).toEqual({ ok: true, query: { q: "gato robot", low: true, page: 2 } });
    if (!read.ok) return;
    expect(stockSearch(read.query)).toBe("?q=gato+robot&low=1&page=2");
    expect(stockHref({ low: false, page: 1 })).toBe("/gestion/stock");
    // An empty field of the GET form is no field.
    expect(readStockAddress("?q=&low=&page=")).toEqual({ ok: true, query: { low: false, page: 1 } });
  });

  it("refuses what the API would refuse", () => {
    expect(readStockAddress("?page=0").ok).toBe(false);
    expect(readStockAddress("?low=yes").ok).toBe(false);
  });
});
