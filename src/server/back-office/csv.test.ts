import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.ts";

describe("toCsv (RFC 4180)", () => {
  it("writes a header and rows with CRLF after a byte-order mark", () => {
    expect(toCsv(["a", "b"], [["1", "2"]])).toBe("\uFEFFa,b\r\n1,2\r\n");
  });

  it("quotes a field with a comma, a quote or a line break, doubling its quotes", () => {
    const csv = toCsv(["x"], [["a,b"], ['di "hola"'], ["uno\ndos"], ["ñandú"]]);
    expect(csv).toBe('\uFEFFx\r\n"a,b"\r\n"di ""hola"""\r\n"uno\ndos"\r\nñandú\r\n');
  });

  it("keeps a spreadsheet from running a field as a formula", () => {
    const csv = toCsv(["correo"], [["=1+1@example.com"], ["+ana@example.com"], ["-x@example.com"], ["@x"]]);
    expect(csv.split("\r\n").slice(1, 5)).toEqual([
      "'=1+1@example.com",
      "'+ana@example.com",
      "'-x@example.com",
      "'@x",
    ]);
    expect(toCsv(["x"], [['=HYPERLINK("http://x","y")']]).split("\r\n")[1]).toBe(
      '"\'=HYPERLINK(""http://x"",""y"")"',
    );
  });
});
