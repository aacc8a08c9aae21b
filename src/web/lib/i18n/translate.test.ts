import { describe, expect, it } from "vitest";
import { partNamespaces } from "#shared/text-parts.ts";
import esFooter from "./locales/es.footer.json";
import es from "./locales/es.json";
import esShopper from "./locales/es.shopper.json";
import ptFooter from "./locales/pt.footer.json";
import pt from "./locales/pt.json";
import ptShopper from "./locales/pt.shopper.json";
import { createTranslate, type Messages } from "./translate.ts";

const messages: Messages = {
  list: { count_one: "{{count}} producto", count_other: "{{count}} productos" },
  greeting: "Hola, {{name}}",
  plain: "Sin nada",
};

describe("createTranslate", () => {
  const t = createTranslate("es", messages);

  it("reads nested keys and fills placeholders", () => {
    expect(t("plain")).toBe("Sin nada");
    expect(t("greeting", { name: "Lía" })).toBe("Hola, Lía");
    expect(t("greeting")).toBe("Hola, {{name}}");
  });

  it("chooses the plural form by count", () => {
    expect(t("list.count", { count: 1 })).toBe("1 producto");
    expect(t("list.count", { count: 0 })).toBe("0 productos");
    expect(t("list.count", { count: 24 })).toBe("24 productos");
  });

  it("shows a missing key as itself", () => {
    expect(t("nope.missing")).toBe("nope.missing");
    expect(t("list")).toBe("list");
  });
});

describe("the interface texts", () => {
  function keys(node: Messages, prefix = ""): string[] {
    return Object.entries(node).flatMap(([key, value]) =>
      typeof value === "string" ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
    );
  }

  it("have the same keys in Spanish and Portuguese, in each part", () => {
    expect(keys(pt).sort()).toEqual(keys(es).sort());
    expect(keys(ptShopper).sort()).toEqual(keys(esShopper).sort());
    expect(keys(ptFooter).sort()).toEqual(keys(esFooter).sort());
  });

  it("keep each part's namespaces in that part, and only there", () => {
    expect(Object.keys(esShopper).sort()).toEqual([...partNamespaces.shopper].sort());
    expect(Object.keys(esFooter).sort()).toEqual([...partNamespaces.footer].sort());
    const elsewhere: readonly string[] = [...partNamespaces.shopper, ...partNamespaces.footer];
    expect(Object.keys(es).filter((namespace) => elsewhere.includes(namespace))).toEqual([]);
  });

  it("keep the spec's fixed Spanish texts", () => {
    const t = createTranslate("es", { ...es, ...esFooter });
    expect(t("common.loading")).toBe("Cargando...");
    expect(t("newsletter.submitting")).toBe("SUSCRIBIENDO...");
    expect(t("newsletter.failureTitle")).toBe("¡Oops! Algo salió mal");
    expect(t("badge.title")).toBe("Protección al Comprador");
    expect(t("stock.out")).toBe("Agotado");
    expect(t("stock.low")).toBe("Últimas unidades");
  });
});
