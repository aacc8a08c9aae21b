import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { ListSearch } from "../../components/list-search.tsx";
import { readStockAddress, type StockAddress, stockHref } from "./stock-url.ts";

/** The stock's search: part of the name or the code, and the low ones only (components/list-search.tsx). */
export function StockSearch({ address }: { address: StockAddress }) {
  const query = address.ok ? address.query : undefined;
  const low = query?.low ?? false;
  return (
    <ListSearch
      path={backOfficePaths.stock()}
      idPrefix="stock"
      typed={query?.q ?? ""}
      hint="Parte del nombre o la referencia"
      filters={[{ kind: "check", name: "low", label: "Solo con poco stock", checked: low }]}
      filtered={query?.q !== undefined || low}
      read={readStockAddress}
      href={stockHref}
    />
  );
}
