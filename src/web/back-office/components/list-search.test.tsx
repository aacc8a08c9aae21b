import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ShopRouter } from "#web/lib/routing.tsx";
import { type ListFilter, ListSearch } from "./list-search.tsx";

type Query = { q?: string; page: number };
const read = (search: string) => ({
  ok: true as const,
  query: { page: 1, q: new URLSearchParams(search).get("q") ?? "" },
});
const href = (query: Query) => `/gestion/lista?q=${query.q ?? ""}`;

const draw = (props: {
  typed?: string;
  filtered?: boolean;
  filters?: ListFilter[];
  hidden?: Record<string, string>;
}) =>
  renderToString(
    <ShopRouter url="/gestion/lista">
      <ListSearch
        path="/gestion/lista"
        idPrefix="lista"
        typed={props.typed ?? ""}
        hint="Parte del nombre"
        filters={props.filters}
        hidden={props.hidden}
        filtered={props.filtered ?? false}
        read={read}
        href={href}
      />
    </ShopRouter>,
  );

describe("a back-office list's search", () => {
  it("is a GET form to the list's address, its field named q, described by its hint", () => {
    const html = draw({ typed: "robot" });
    expect(html).toMatch(/<form role="search"[^>]*action="\/gestion\/lista" method="get"/);
    expect(html).toContain('<label for="lista-q">Buscar</label>');
    expect(html).toMatch(
      /<input id="lista-q" type="search" maxLength="100" aria-describedby="lista-q-hint" name="q" value="robot"\/>/,
    );
    expect(html).toContain('<span id="lista-q-hint"');
    expect(html).toContain(">Parte del nombre</span>");
  });

  it("offers «Ver todos» only when the list is searched or filtered", () => {
    expect(draw({})).not.toContain("Ver todos");
    expect(draw({ filtered: true })).toMatch(/<a href="\/gestion\/lista"[^>]*>Ver todos<\/a>/);
  });

  it("draws its filters with the address's values: a select's options plain and grouped, a box ticked", () => {
    const html = draw({
      filters: [
        {
          kind: "select",
          name: "state",
          label: "Estado",
          value: "b",
          options: [
            { value: "", label: "Todos" },
            { label: "Grupo", options: [{ value: "b", label: "Be" }] },
          ],
        },
        { kind: "check", name: "low", label: "Solo pocos", checked: true },
      ],
    });
    expect(html).toContain('<label for="lista-state">Estado</label><select id="lista-state" name="state">');
    expect(html).toContain('<optgroup label="Grupo"><option value="b" selected="">Be</option></optgroup>');
    expect(html).toMatch(/<input type="checkbox" name="low" checked="" value="1"\/>Solo pocos/);
    expect(
      draw({ filters: [{ kind: "check", name: "low", label: "Solo pocos", checked: false }] }),
    ).not.toContain('checked=""');
  });

  it("keeps its hidden fields, and draws none when it has none", () => {
    expect(draw({ hidden: { pageSize: "50" } })).toContain(
      '<input type="hidden" name="pageSize" value="50"/>',
    );
    expect(draw({})).not.toContain('type="hidden"');
  });
});
