/** The shop's PDF documents are A4 with this margin all round (invoices, credit notes, packing slips). */
export const PAGE_MARGIN = 50;
/** The width between the margins. */
export const PAGE_WIDTH = 595.28 - 2 * PAGE_MARGIN;

export type PdfColumn = { label: string; width: number; align: "left" | "right" };

/**
 * Starts a table at the document's current line: the columns' labels in bold and a rule under
 * them. Answers the writer of one row; a cell that wraps pushes the next row down.
 */
export function pdfTable(
  pdf: PDFKit.PDFDocument,
  columns: readonly PdfColumn[],
  fontSize: number,
): (cells: readonly string[]) => void {
  const row = (cells: readonly string[], bold = false) => {
    const top = pdf.y;
    let x = PAGE_MARGIN;
    let bottom = top;
    pdf.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(fontSize);
    columns.forEach((column, index) => {
      pdf.text(cells[index] ?? "", x, top, { width: column.width - 6, align: column.align });
      bottom = Math.max(bottom, pdf.y);
      x += column.width;
    });
    pdf.x = PAGE_MARGIN;
    pdf.y = bottom + 4;
  };
  row(
    columns.map((column) => column.label),
    true,
  );
  pdf
    .moveTo(PAGE_MARGIN, pdf.y)
    .lineTo(PAGE_MARGIN + PAGE_WIDTH, pdf.y)
    .strokeColor("#999")
    .stroke();
  pdf.y += 4;
  return (cells) => row(cells);
}
