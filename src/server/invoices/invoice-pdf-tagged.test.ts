import { describe, expect, it } from "vitest";
import type { OrderView } from "#shared/api/order-contract.ts";
import { type InvoiceDocument, renderInvoicePdf } from "./invoice-pdf.ts";

const order: OrderView = {
  id: "5f0c1a52-3d4e-4a8f-9b1c-2d3e4f5a6b7c",
  number: "2026-000042",
  status: "pagado",
  placedAt: "2026-11-23T09:00:00.000Z",
  lines: [
    {
      productId: 3,
      code: "A0003",
      name: "Set de lápices",
      quantity: 2,
      unitCents: 395,
      totalCents: 790,
      vatRate: 23,
      refundedQuantity: 0,
    },
  ],
  address: {
    name: "Inês",
    lastName: "Sousa",
    street: "Rua Augusta 10",
    floorDoor: "",
    postalCode: "1100-053",
    city: "Lisboa",
    country: "PT",
    region: "11",
    phone: "912345678",
  },
  buyer: { name: "Inês", lastName: "Sousa", email: "ines@example.com", company: "", taxId: "" },
  shippingMethod: "standard",
  couponCode: null,
  totals: {
    subtotalCents: 790,
    discountCents: 0,
    shippingCents: 595,
    vat: [{ ratePercent: 23, baseCents: 1126, vatCents: 259 }],
    totalCents: 1385,
  },
  delivery: { from: "2026-11-25", to: "2026-11-26" },
  payBy: null,
  shipment: null,
  payment: null,
  invoices: [],
  history: [],
};

const invoice = (lang: InvoiceDocument["lang"]): InvoiceDocument => ({
  kind: "invoice",
  number: "FS2026-000042",
  issuedAt: new Date("2026-11-23T10:00:00Z"),
  order,
  lang,
});

/** The PDF's bytes as text, one character per byte (its dictionaries are not compressed). */
async function pdfText(document: InvoiceDocument): Promise<string> {
  return (await renderInvoicePdf(document)).toString("latin1");
}

/** The document's title: its Info dictionary's /Title, an object of its own, decoded from UTF-16BE. */
function titleOf(text: string): string | undefined {
  const ref = /\/Title (\d+) 0 R/.exec(text)?.[1];
  const raw = ref && new RegExp(`\\n${ref} 0 obj\\n\\((.*?)\\)\\nendobj`, "s").exec(text)?.[1];
  if (!raw?.startsWith("\u00fe\u00ff")) return raw || undefined;
  return Buffer.from(raw.slice(2), "latin1").swap16().toString("utf16le");
}

describe("an invoice's PDF", () => {
  it.each([
    ["es", "es-ES", "Factura simplificada FS2026-000042 · Tienda Oficial Miaubot"],
    ["pt", "pt-PT", "Fatura simplificada FS2026-000042 · Tienda Oficial Miaubot"],
  ] as const)(
    "is tagged, in the order's language (%s), with its title shown",
    async (lang, locale, title) => {
      const text = await pdfText(invoice(lang));
      expect(text).toMatch(/^%PDF-1\.7/);
      expect(text).toContain("/StructTreeRoot");
      expect(text).toMatch(/\/MarkInfo \d+ 0 R/);
      expect(text).toMatch(/\/Marked true/);
      expect(text).toContain(`/Lang (${locale})`);
      expect(titleOf(text)).toBe(title);
      expect(text).toContain("/DisplayDocTitle true");
    },
  );

  it("has a structure of headings, paragraphs and a table with header cells", async () => {
    const text = await pdfText(invoice("pt"));
    const types = new Set([...text.matchAll(/\/S \/(\w+)/g)].map((match) => match[1]));
    expect([...types].sort()).toEqual([
      "Document",
      "H1",
      "H2",
      "P",
      "TBody",
      "TD",
      "TH",
      "THead",
      "TR",
      "Table",
    ]);
    expect(text.match(/\/S \/TH\b/g)).toHaveLength(6);
    expect(text.match(/\/S \/TD\b/g)).toHaveLength(6);
  });

  it("speaks the credit note's language too", async () => {
    const text = await pdfText({ ...invoice("pt"), kind: "credit-note", corrects: "FS2026-000042" });
    expect(text).toContain("/Lang (pt-PT)");
    expect(titleOf(text)).toBe("Nota de crédito FS2026-000042 · Tienda Oficial Miaubot");
  });
});
