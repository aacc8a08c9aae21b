import { artifact, group, tagged } from "./pdf-tags.ts";

/** The shop's PDF documents are A4 with this margin all round (invoices, credit notes, packing slips). */
export const PAGE_MARGIN = 50;
/** The width between the margins. */
export const PAGE_WIDTH = 595.28 - 2 * PAGE_MARGIN;

export type PdfColumn = { label: string; width: number; align: "left" | "right" };

/**
 * Starts a table at the document's current line: the columns' labels in bold and a rule under
 * them. Answers the writer of one row; a cell that wraps pushes the next row down. In a tagged
 * document, `structParent` is where the table goes in its structure: a Table of a head row of
 * header cells (TH) and a body of data cells (TD); the rule is an artifact.
 */
export function pdfTable(
  pdf: PDFKit.PDFDocument,
  columns: readonly PdfColumn[],
  fontSize: number,
  structParent?: PDFKit.PDFStructureElement,
): (cells: readonly string[]) => void {
  const table = structParent && group(pdf, structParent, "Table");
  const head = table && group(pdf, table, "THead");
  const row = (cells: readonly string[], rows?: PDFKit.PDFStructureElement, bold = false) => {
    const tr = rows && group(pdf, rows, "TR");
    const top = pdf.y;
    let x = PAGE_MARGIN;
    let bottom = top;
    pdf.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(fontSize);
    columns.forEach((column, index) => {
      const left = x;
      const draw = () =>
        pdf.text(cells[index] ?? "", left, top, { width: column.width - 6, align: column.align });
      if (tr) tagged(pdf, tr, bold ? "TH" : "TD", draw);
      else draw();
      bottom = Math.max(bottom, pdf.y);
      x += column.width;
    });
    pdf.x = PAGE_MARGIN;
    pdf.y = bottom + 4;
  };
  row(
    columns.map((column) => column.label),
    head,
    true,
  );
  const rule = () =>
    pdf
      .moveTo(PAGE_MARGIN, pdf.y)
      .lineTo(PAGE_MARGIN + PAGE_WIDTH, pdf.y)
      .strokeColor("#999")
      .stroke();
  if (table) artifact(pdf, rule);
  else rule();
  pdf.y += 4;
  const body = table && group(pdf, table, "TBody");
  return (cells) => row(cells, body);
}
