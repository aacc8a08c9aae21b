import AxeBuilder from "@axe-core/playwright";
import { describe, expect, it } from "vitest";
import { setUpBrowser } from "./support/browser.ts";

const session = setUpBrowser();

const publicPages = [
  "/",
  "/categoria/Juguete",
  "/categoria/DE%203%20A%205%20A%C3%91OS",
  "/detalle/1",
  "/producto/peluche",
  "/footer/envios",
  "/footer/cambios-devoluciones",
  "/footer/preguntas-frecuentes",
  "/footer/quienes-somos",
  "/footer/condiciones-de-uso",
  "/footer/politica-de-privacidad",
  "/footer/politica-de-cookies",
  "/footer/nota-legal",
  "/derechos",
  "/login",
  "/register",
  "/detalle/9999",
];

describe("accessibility", () => {
  it.each(publicPages)("%s has no serious or critical axe violations", async (path) => {
    const page = await session.newPage();
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    const severe = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      );
    expect(severe).toEqual([]);
  });
});
