/**
 * pdfkit's tagged PDF (docs "Accessibility"), as the shop's documents use it: every piece of
 * content belongs to a structure element (heading, paragraph, table cell) or is an artifact.
 */

/** Adds to `parent` a structure element of `type` holding what `draw` writes, written now. */
export function tagged(
  pdf: PDFKit.PDFDocument,
  parent: PDFKit.PDFStructureElement,
  type: string,
  draw: () => void,
): void {
  parent.add(pdf.struct(type, {}, draw));
}

/** Adds to `parent` an empty grouping element of `type` (a table, its rows) and answers it. */
export function group(
  pdf: PDFKit.PDFDocument,
  parent: PDFKit.PDFStructureElement,
  type: string,
): PDFKit.PDFStructureElement {
  const element = pdf.struct(type);
  parent.add(element);
  return element;
}

/** Decoration (rules, backgrounds) that a screen reader skips. */
export function artifact(pdf: PDFKit.PDFDocument, draw: () => void): void {
  pdf.markContent("Artifact", { type: "Layout" });
  draw();
  pdf.endMarkedContent();
}
