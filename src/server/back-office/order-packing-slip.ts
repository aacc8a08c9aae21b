import PDFDocument from "pdfkit";
import type { BackOfficeOrder } from "#shared/api/back-office-order-contract.ts";
import { brand } from "#shared/brand.ts";
import { formatShopDate } from "#shared/dates.ts";
import { PAGE_MARGIN, PAGE_WIDTH, type PdfColumn, pdfTable } from "../invoices/pdf-table.ts";

/** What a packing slip prints: who it goes to and what goes in the parcel, never a price. */
export type PackingSlipOrder = Pick<BackOfficeOrder, "number" | "placedAt" | "delivery" | "lines">;

const columns = [
  { label: "Referencia", width: 90, align: "left" },
  { label: "Producto", width: PAGE_WIDTH - 90 - 70, align: "left" },
  { label: "Cantidad", width: 70, align: "right" },
] satisfies PdfColumn[];

/**
 * The packing slip of an order as a PDF (issue 30): the shop, the order's number and date, the
 * delivery address and phone, and each line's reference, name and units still to send (those
 * already given back are left out). In Spanish: it is read in the shop's warehouse.
 */
export function renderPackingSlipPdf(order: PackingSlipOrder): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: "A4",
    margin: PAGE_MARGIN,
    info: { Title: `${brand.shopName} · Albarán ${order.number}`, Author: brand.company.legalName },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  pdf.font("Helvetica-Bold").fontSize(18).text(brand.shopName);
  pdf.moveDown(0.6).fontSize(14).text("Albarán de entrega");
  pdf.font("Helvetica").fontSize(10);
  pdf.text(`Pedido: ${order.number}    Fecha: ${formatShopDate(order.placedAt, "es")}`);
  pdf.moveDown();
  writeAddress(pdf, order.delivery);
  pdf.moveDown();
  writeLines(pdf, order.lines);
  pdf.end();
  return done;
}

function writeAddress(pdf: PDFKit.PDFDocument, delivery: PackingSlipOrder["delivery"]) {
  pdf.font("Helvetica-Bold").text("Dirección de entrega");
  pdf.font("Helvetica");
  pdf.text(`${delivery.name} ${delivery.lastName}`);
  pdf.text([delivery.street, delivery.floorDoor].filter(Boolean).join(", "));
  pdf.text(`${delivery.postalCode} ${delivery.city} (${delivery.country})`);
  pdf.text(`Teléfono: ${delivery.phone || "—"}`);
}

function writeLines(pdf: PDFKit.PDFDocument, lines: PackingSlipOrder["lines"]) {
  const row = pdfTable(pdf, columns, 10);
  for (const line of lines) {
    const units = line.quantity - line.refundedQuantity;
    if (units > 0) row([line.code, line.name, String(units)]);
  }
}
