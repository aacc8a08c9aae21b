import { describe, expect, it } from "vitest";
import { createOrderLinks, ORDER_LINK_DAYS } from "./order-links.ts";

const order = "5f0c1a52-3d4e-4a8f-9b1c-2d3e4f5a6b7c";
const other = "0b8e2f4c-1a2b-4c3d-8e9f-0a1b2c3d4e5f";
const now = new Date("2026-11-26T10:00:00Z");
const links = createOrderLinks("secret-secret-secret-secret-secret-01");

describe("order links", () => {
  it("opens its own order until it expires", () => {
    const token = links.token(order, now);
    expect(links.check(order, token, now)).toBe("valid");
    const lastDay = new Date(now.getTime() + (ORDER_LINK_DAYS * 86_400 - 1) * 1000);
    expect(links.check(order, token, lastDay)).toBe("valid");
    const after = new Date(now.getTime() + ORDER_LINK_DAYS * 86_400_000);
    expect(links.check(order, token, after)).toBe("expired");
  });

  it("never opens another order, a changed expiry or a token of another secret", () => {
    const token = links.token(order, now);
    expect(links.check(other, token, now)).toBe("invalid");
    const [expiry, signature] = token.split(".");
    expect(links.check(order, `${Number(expiry) + 86_400}.${signature}`, now)).toBe("invalid");
    const flipped = `${expiry}.${signature?.startsWith("A") ? "B" : "A"}${signature?.slice(1)}`;
    expect(links.check(order, flipped, now)).toBe("invalid");
    const elsewhere = createOrderLinks("another-secret-another-secret-0000").token(order, now);
    expect(links.check(order, elsewhere, now)).toBe("invalid");
    for (const junk of ["", "abc", `${expiry}`, `${expiry}.`, `x.${signature}`, `${token}x`])
      expect(links.check(order, junk, now)).toBe("invalid");
  });

  it("makes the page's address with the token", () => {
    expect(links.path(order, now)).toBe(`/pedido/${order}?clave=${links.token(order, now)}`);
  });
});
