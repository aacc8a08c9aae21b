import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { brand } from "#shared/brand.ts";
import { type PackingSlipOrder, renderPackingSlipPdf } from "./order-packing-slip.ts";

/**
 * The text a PDF of pdfkit's shows, line by line: each content stream inflated, each `TJ` array's
 * hex strings decoded (the standard fonts' WinAnsi codes, Latin-1 for these texts).
 */
function textOf(pdf: Buffer): string[] {
  const raw = pdf.toString("latin1");
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const content = inflateSync(Buffer.from(match[1] ?? "", "latin1")).toString("latin1");
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(array[1] ?? "").matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]).join("");
      lines.push(Buffer.from(hex, "hex").toString("latin1"));
    }
  }
  return lines;
}

const line = (position: number, code: string, name: string, quantity: number, refundedQuantity = 0) => ({
  position,
  productId: position + 1,
  code,
  name,
  image: "",
  quantity,
  unitCents: 1999,
  totalCents: 1999 * quantity,
  discountCents: 0,
  vatRate: 21,
  refundedQuantity,
});

const order: PackingSlipOrder = {
  number: "2026-000042",
  placedAt: "2026-11-20T10:30:00.000Z",
  delivery: {
    name: "Lucía",
    lastName: "Peña Núñez",
    street: "Calle Mayor 7",
    floorDoor: "3º B",
    postalCode: "28013",
    city: "Madrid",
    region: "M",
    country: "ES",
    phone: "612345678",
    from: "2026-11-24",
    to: "2026-11-26",
  },
  lines: [
    line(0, "A0001", "Taza gato", 3),
    line(1, "A0002", "Camiseta", 2, 2),
    line(2, "A0003", "Póster", 1, 1),
  ],
};

describe("the packing slip", () => {
  it("prints the shop, the order, the delivery address and phone, and the units to pack, no prices", async () => {
    const pdf = await renderPackingSlipPdf({ ...order, lines: [order.lines[0] ?? line(0, "", "", 0)] });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = textOf(pdf);
    expect(text).toContain(brand.shopName);
    expect(text).toContain("Albarán de entrega");
    expect(text.join("\n")).toMatch(/Pedido: 2026-000042\s+Fecha: 20 de noviembre de 2026/);
    expect(text).toContain("Lucía Peña Núñez");
    expect(text).toContain("Calle Mayor 7, 3º B");
    expect(text).toContain("28013 Madrid (ES)");
    expect(text).toContain("Teléfono: 612345678");
    expect(text).toEqual(expect.arrayContaining(["A0001", "Taza gato", "3"]));
    expect(text.join("\n")).not.toMatch(/€|19,99/);
  });

  it("leaves out what was given back, and counts only the units still to send", async () => {
    const lines = [line(0, "A0001", "Taza gato", 3, 1), ...order.lines.slice(1)];
    const text = textOf(await renderPackingSlipPdf({ ...order, lines }));
    expect(text).toEqual(expect.arrayContaining(["A0001", "Taza gato", "2"]));
    expect(text).not.toContain("3");
    expect(text).not.toContain("Camiseta");
    expect(text).not.toContain("Póster");
  });
});
