import { foldText } from "#catalog/fold-text.ts";

/** Category pictures live at /media/categories/{slug}.svg (slug: folded, spaces as dashes). */
export function categoryImage(name: string): string {
  return `/media/categories/${foldText(name).replace(/\s+/g, "-")}.svg`;
}
