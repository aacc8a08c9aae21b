import { parseSort, type Sort } from "#shared/api/list-options.ts";

/** Sort and page from the address bar; anything unreadable falls back to the defaults. */
export function readListParams(search: URLSearchParams): { sort: Sort; page: number } {
  const page = Number.parseInt(search.get("page") ?? "1", 10);
  return {
    sort: parseSort(search.get("sort")) ?? "newest",
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}
