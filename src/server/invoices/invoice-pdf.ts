import PDFDocument from "pdfkit";
import { regionName } from "#shared/address/regions.ts";
import type { OrderLineView, OrderView } from "#shared/api/order-contract.ts";
import { brand } from "#shared/brand.ts";
import type { RefundQuote } from "#shared/checkout/refunds.ts";
import type { OrderTotals } from "#shared/checkout/totals.ts";
import { formatShopDate } from "#shared/dates.ts";
import type { Lang } from "#shared/lang.ts";
import { formatPrice } from "#shared/money.ts";
import { TEST_CARD_PROVIDER } from "../payments/test-provider.ts";
import { invoiceTexts } from "./invoice-texts.ts";
import { PAGE_MARGIN, PAGE_WIDTH, type PdfColumn, pdfTable } from "./pdf-table.ts";

export type InvoiceDocument = {
  kind: "invoice" | "credit-note";
  number: string;
  issuedAt: Date;
  /** For a credit note, the invoice it corrects. */
  corrects?: string | undefined;
  /** For a credit note of a refund by line, what it gives back; without it, the whole order. */
  refund?: RefundQuote | undefined;
  order: OrderView;
  lang: Lang;
};

type Figures = Omit<OrderTotals, "lines"> & {
  lines: Omit<OrderLineView, "productId" | "refundedQuantity">[];
};

/** The lines and totals a document shows: the whole order's, or those of the refund it records. */
export function documentFigures({
  order,
  refund,
}: {
  order: Pick<OrderView, "lines" | "totals">;
  refund?: RefundQuote | undefined;
}): Figures {
  if (!refund) return { ...order.totals, lines: order.lines };
  const lines = refund.lines.map((refunded) => {
    const sold = order.lines[refunded.position];
    return {
      code: sold?.code ?? "",
      name: sold?.name ?? "",
      quantity: refunded.quantity,
      unitCents: sold?.unitCents ?? 0,
      vatRate: sold?.vatRate ?? null,
      totalCents: refunded.grossCents,
    };
  });
  return {
    lines,
    subtotalCents: lines.reduce((sum, line) => sum + line.totalCents, 0),
    discountCents: refund.lines.reduce((sum, line) => sum + line.discountCents, 0),
    shippingCents: refund.shippingCents,
    vat: refund.vat,
    totalCents: refund.totalCents,
  };
}

/**
 * The invoice (or credit note) of an order as a PDF: seller, buyer, lines, VAT by rate and total.
 * A credit note shows the same figures as negative amounts.
 */
export function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const { order, lang, kind } = document;
  const figures = documentFigures(document);
  const text = invoiceTexts[lang];
  const sign = kind === "credit-note" ? -1 : 1;
  const money = (cents: number) => formatPrice(sign * cents, lang);
  const pdf = new PDFDocument({
    size: "A4",
    margin: PAGE_MARGIN,
    info: { Title: `${brand.shopName} ${document.number}`, Author: brand.company.legalName },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  const title =
    kind === "credit-note" ? text.creditNote : order.buyer.taxId ? text.invoice : text.simplifiedInvoice;
  pdf.font("Helvetica-Bold").fontSize(18).text(brand.shopName, { continued: false });
  pdf.font("Helvetica").fontSize(9).fillColor("#444");
  pdf.text(`${brand.company.legalName} · ${text.taxId} ${brand.company.taxId}`);
  pdf.text(brand.company.address);
  pdf.text(`${brand.contact.email} · ${brand.contact.phone}`);
  pdf.moveDown(1.2).fillColor("#000");

  pdf.font("Helvetica-Bold").fontSize(14).text(title);
  // Paid with the built-in test cards (issue 11): nobody may take it for a real invoice.
  if (order.payment?.provider === TEST_CARD_PROVIDER) {
    pdf.fontSize(10).fillColor("#8a1c1c").text(text.testMode).fillColor("#000");
  }
  pdf.font("Helvetica").fontSize(10);
  const date = formatShopDate(document.issuedAt.toISOString(), lang);
  pdf.text(`${text.number}: ${document.number}    ${text.date}: ${date}    ${text.order}: ${order.number}`);
  if (document.corrects) pdf.text(`${text.corrects}: ${document.corrects}`);
  pdf.moveDown();

  const { buyer, address } = order;
  pdf.font("Helvetica-Bold").text(text.buyer);
  pdf.font("Helvetica");
  pdf.text(buyer.company || `${buyer.name} ${buyer.lastName}`);
  if (buyer.taxId) pdf.text(`${text.taxId}: ${buyer.taxId}`);
  pdf.text(buyer.email);
  pdf.moveDown(0.5);
  pdf.font("Helvetica-Bold").text(text.deliveryAddress);
  pdf.font("Helvetica");
  pdf.text(`${address.name} ${address.lastName}`);
  pdf.text([address.street, address.floorDoor].filter(Boolean).join(", "));
  pdf.text(`${address.postalCode} ${address.city} (${regionName(address.country, address.region) ?? ""})`);
  pdf.moveDown();

  const columns = [
    { label: text.code, width: 55, align: "left" },
    { label: text.product, width: 215, align: "left" },
    { label: text.quantity, width: 40, align: "right" },
    { label: text.unitPrice, width: 70, align: "right" },
    { label: text.vat, width: 40, align: "right" },
    { label: text.amount, width: PAGE_WIDTH - 420, align: "right" },
  ] satisfies PdfColumn[];
  const row = pdfTable(pdf, columns, 9);
  for (const line of figures.lines) {
    row([
      line.code,
      line.name,
      String(line.quantity),
      money(line.unitCents),
      line.vatRate === null ? "—" : `${line.vatRate} %`,
      money(line.totalCents),
    ]);
  }
  pdf.moveDown();

  const totals = figures;
  const figure = (label: string, value: string, bold = false) => {
    pdf.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(bold ? 12 : 10);
    const top = pdf.y;
    pdf.text(label, PAGE_MARGIN + PAGE_WIDTH - 260, top, { width: 150 });
    pdf.text(value, PAGE_MARGIN + PAGE_WIDTH - 110, top, { width: 110, align: "right" });
    pdf.x = PAGE_MARGIN;
  };
  figure(text.subtotal, money(totals.subtotalCents));
  if (totals.discountCents > 0) figure(text.discount, money(-totals.discountCents));
  figure(text.shipping, money(totals.shippingCents));
  for (const vat of totals.vat) {
    figure(`${text.taxBase} ${vat.ratePercent} %`, money(vat.baseCents));
    figure(`${text.vatAmount} ${vat.ratePercent} %`, money(vat.vatCents));
  }
  pdf.moveDown(0.3);
  figure(text.total, money(totals.totalCents), true);
  pdf.moveDown(2);
  pdf.font("Helvetica").fontSize(8).fillColor("#444");
  pdf.text(totals.vat.length === 0 ? text.noVat : text.pricesIncludeVat, PAGE_MARGIN, pdf.y, {
    width: PAGE_WIDTH,
  });
  pdf.text(brand.company.registry, { width: PAGE_WIDTH });
  pdf.end();
  return done;
}
