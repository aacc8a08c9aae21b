import { describe, expect, it } from "vitest";
import { isFiltered, listHref, listSearch, readListAddress } from "./orders-url.ts";

const read = (search: string) => {
  const address = readListAddress(search);
  if (!address.ok) throw new Error(`refused: ${search}`);
  return address.query;
};

describe("the order list's address", () => {
  it("reads what a GET form without script sends, empty fields included", () => {
    const query = read("?q=Ana&status=pagado&status=enviado&from=&to=&method=&zone=&pageSize=50&sort=&dir=");
    expect(query).toEqual({
      q: "Ana",
      status: ["pagado", "enviado"],
      sort: "placedAt",
      dir: "desc",
      page: 1,
      pageSize: 50,
    });
    expect(isFiltered(query)).toBe(true);
  });

  it("writes one address per list: defaults left out, in one order, read back the same", () => {
    expect(listSearch(read(""))).toBe("");
    expect(isFiltered(read("?page=3&sort=total"))).toBe(false);
    const search = listSearch(read("?page=2&zone=pt-azores&status=enviado&q=ana%40x&sort=total&dir=asc"));
    expect(search).toBe("?q=ana%40x&status=enviado&zone=pt-azores&sort=total&dir=asc&page=2");
    expect(listSearch(read(search))).toBe(search);
    expect(listHref(read("?page=1&pageSize=25"))).toBe("/gestion/pedidos");
  });

  it("refuses what the API would refuse", () => {
    for (const search of [
      "?page=0",
      "?pageSize=10",
      "?status=perdido",
      "?from=2026-02-30",
      "?from=2026-03-02&to=2026-03-01",
    ]) {
      expect(readListAddress(search).ok, search).toBe(false);
    }
  });
});
