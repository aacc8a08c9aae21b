/** Sort orders of product lists; kept free of zod because the browser needs it up front. */
export const sortOptions = ["newest", "price-asc", "price-desc", "name"] as const;
export type Sort = (typeof sortOptions)[number];

export const PAGE_SIZE = 24;

export function parseSort(value: string | null | undefined): Sort | undefined {
  return sortOptions.find((option) => option === value);
}
