import PDFDocument from "pdfkit";
import { regionName } from "#shared/address/regions.ts";
import type { OrderLineView, OrderView } from "#shared/api/order-contract.ts";
import { brand } from "#shared/brand.ts";
import type { RefundQuote } from "#shared/checkout/refunds.ts";
import type { OrderTotals } from "#shared/checkout/totals.ts";
import { formatShopDate } from "#shared/dates.ts";
import { type Lang, localeOf } from "#shared/lang.ts";
import { formatPrice } from "#shared/money.ts";
import { TEST_CARD_PROVIDER } from "../payments/test-provider.ts";
import { invoiceTexts } from "./invoice-texts.ts";
import { PAGE_MARGIN, PAGE_WIDTH, type PdfColumn, pdfTable } from "./pdf-table.ts";
import { tagged } from "./pdf-tags.ts";

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

/** Writes one structure element (a heading, a paragraph) of the document's, in reading order. */
type Write = (type: string, draw: () => void) => void;

/** What the document says it is: an invoice (simplified without the buyer's tax id) or a credit note. */
function documentTitle({ kind, order, lang }: InvoiceDocument): string {
  const text = invoiceTexts[lang];
  if (kind === "credit-note") return text.creditNote;
  return order.buyer.taxId ? text.invoice : text.simplifiedInvoice;
}

/**
 * The invoice (or credit note) of an order as a PDF: seller, buyer, lines, VAT by rate and total.
 * A credit note shows the same figures as negative amounts. The PDF is tagged (issue 33): its
 * language is the order's, its title is shown, and headings, paragraphs and the table of lines
 * (with header cells) are in its structure in reading order, so a screen reader can read it.
 */
export function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const title = documentTitle(document);
  const pdf = new PDFDocument({
    size: "A4",
    margin: PAGE_MARGIN,
    pdfVersion: "1.7",
    tagged: true,
    lang: localeOf[document.lang],
    displayTitle: true,
    info: {
      Title: `${title} ${document.number} · ${brand.shopName}`,
      Author: brand.company.legalName,
    },
  });
  const done = collected(pdf);
  const root = pdf.struct("Document");
  pdf.addStructure(root);
  const write: Write = (type, draw) => tagged(pdf, root, type, draw);
  writeHeading(pdf, write, document, title);
  writeParties(pdf, write, document);
  writeLines(pdf, root, document);
  writeTotals(pdf, write, document);
  pdf.end();
  return done;
}

function collected(pdf: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
}

/** The seller, then the document's title, number, date and order. */
function writeHeading(pdf: PDFKit.PDFDocument, write: Write, document: InvoiceDocument, title: string) {
  const { order, lang } = document;
  const text = invoiceTexts[lang];
  write("P", () => pdf.font("Helvetica-Bold").fontSize(18).fillColor("#000").text(`${brand.shopName} `));
  pdf.font("Helvetica").fontSize(9).fillColor("#444");
  write("P", () => {
    pdf.text(`${brand.company.legalName} · ${text.taxId} ${brand.company.taxId} `);
    pdf.text(`${brand.company.address} `);
    pdf.text(`${brand.contact.email} · ${brand.contact.phone} `);
  });
  pdf.moveDown(1.2).fillColor("#000");

  write("H1", () => pdf.font("Helvetica-Bold").fontSize(14).text(`${title} `));
  // Paid with the built-in test cards (issue 11): nobody may take it for a real invoice.
  if (order.payment?.provider === TEST_CARD_PROVIDER) {
    write("P", () => pdf.fontSize(10).fillColor("#8a1c1c").text(`${text.testMode} `).fillColor("#000"));
  }
  pdf.font("Helvetica").fontSize(10);
  const date = formatShopDate(document.issuedAt.toISOString(), lang);
  write("P", () =>
    pdf.text(
      `${text.number}: ${document.number}    ${text.date}: ${date}    ${text.order}: ${order.number} `,
    ),
  );
  if (document.corrects) write("P", () => pdf.text(`${text.corrects}: ${document.corrects} `));
  pdf.moveDown();
}

/** The buyer and where the order went. */
function writeParties(pdf: PDFKit.PDFDocument, write: Write, { order, lang }: InvoiceDocument) {
  const text = invoiceTexts[lang];
  const { buyer, address } = order;
  const block = (heading: string, lines: string[]) => {
    write("H2", () => pdf.font("Helvetica-Bold").fontSize(10).text(`${heading} `));
    pdf.font("Helvetica");
    write("P", () => {
      for (const line of lines) pdf.text(`${line} `);
    });
  };
  block(text.buyer, [
    buyer.company || `${buyer.name} ${buyer.lastName}`,
    ...(buyer.taxId ? [`${text.taxId}: ${buyer.taxId}`] : []),
    buyer.email,
  ]);
  pdf.moveDown(0.5);
  block(text.deliveryAddress, [
    `${address.name} ${address.lastName}`,
    [address.street, address.floorDoor].filter(Boolean).join(", "),
    `${address.postalCode} ${address.city} (${regionName(address.country, address.region) ?? ""})`,
  ]);
  pdf.moveDown();
}

function moneyOf({ kind, lang }: InvoiceDocument): (cents: number) => string {
  const sign = kind === "credit-note" ? -1 : 1;
  return (cents) => formatPrice(sign * cents, lang);
}

/** The table of lines: a head row of header cells, then a row per line. */
function writeLines(pdf: PDFKit.PDFDocument, root: PDFKit.PDFStructureElement, document: InvoiceDocument) {
  const text = invoiceTexts[document.lang];
  const money = moneyOf(document);
  const columns = [
    { label: text.code, width: 55, align: "left" },
    { label: text.product, width: 215, align: "left" },
    { label: text.quantity, width: 40, align: "right" },
    { label: text.unitPrice, width: 70, align: "right" },
    { label: text.vat, width: 40, align: "right" },
    { label: text.amount, width: PAGE_WIDTH - 420, align: "right" },
  ] satisfies PdfColumn[];
  const row = pdfTable(pdf, columns, 9, root);
  for (const line of documentFigures(document).lines) {
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
}

/** The totals (each a paragraph: its label, then its amount), VAT by rate and the legal notes. */
function writeTotals(pdf: PDFKit.PDFDocument, write: Write, document: InvoiceDocument) {
  const text = invoiceTexts[document.lang];
  const money = moneyOf(document);
  const totals = documentFigures(document);
  const figure = (label: string, value: string, bold = false) => {
    pdf.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(bold ? 12 : 10);
    const top = pdf.y;
    write("P", () => {
      pdf.text(`${label} `, PAGE_MARGIN + PAGE_WIDTH - 260, top, { width: 150 });
      pdf.text(value, PAGE_MARGIN + PAGE_WIDTH - 110, top, { width: 110, align: "right" });
    });
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
  const note = totals.vat.length === 0 ? text.noVat : text.pricesIncludeVat;
  write("P", () => pdf.text(`${note} `, PAGE_MARGIN, pdf.y, { width: PAGE_WIDTH }));
  write("P", () => pdf.text(`${brand.company.registry} `, { width: PAGE_WIDTH }));
}
