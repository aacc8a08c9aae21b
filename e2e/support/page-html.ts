import { BOOT_ELEMENT_ID, type BootData } from "#web/app/boot-data.ts";

/** The boot data a page's HTML carries for hydration. */
export function bootDataOf(html: string): BootData {
  const match = html.match(
    new RegExp(`<script id="${BOOT_ELEMENT_ID}" type="application/json">(.*?)</script>`, "s"),
  );
  if (!match?.[1]) throw new Error("no boot data in the page");
  return JSON.parse(match[1]) as BootData;
}

/** The stock a product page was drawn with (its product query in the boot data). */
export function productStockIn(html: string, productId: number): number | undefined {
  const query = bootDataOf(html).queryState.queries.find(
    (entry) => entry.queryKey[0] === "product" && entry.queryKey[1] === productId,
  );
  return (query?.state.data as { stock?: number } | undefined)?.stock;
}
