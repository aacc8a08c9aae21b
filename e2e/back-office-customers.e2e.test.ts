import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCode } from "#server/testing/totp-code.ts";
import { customerDataExportSchema } from "#shared/api/back-office-customer-contract.ts";
import { severeViolations } from "./support/axe.ts";
import { type ShopWithOwner, startShopWithOwner } from "./support/back-office-shop.ts";
import { setUpBrowser } from "./support/browser.ts";

const session = setUpBrowser();

// The command line and a fresh database take their time on a busy two-core machine.
const SLOW = 240_000;

/** The code an authenticator shows now for the secret of the enrolment page ("ABCD EFGH …"). */
const codeFor = (shownSecret: string) =>
  totpCode(`otpauth://totp/gestion?secret=${shownSecret.replace(/\s/g, "")}`);

describe("the back office's customers (issue 30)", () => {
  const owner = `duena-${Date.now()}@example.com`;
  const customer = { name: "Lucía", lastName: "Fernández Ortega", email: `lucia-${Date.now()}@example.com` };
  const password = "gatos-robot-en-la-luna";
  let own: ShopWithOwner | undefined;
  beforeAll(async () => {
    own = await startShopWithOwner("clientes", owner);
  }, SLOW);
  afterAll(async () => {
    await own?.shop.stop();
  });
  const at = (path: string) => `${own?.shop.baseUrl}${path}`;
  const signIn = () =>
    fetch(at("/api/auth/sign-in/email"), {
      method: "POST",
      headers: { "content-type": "application/json", origin: at("") },
      body: JSON.stringify({ email: customer.email, password }),
    });

  /** The owner accepts the invitation and enrols the second factor: the landing page next. */
  async function signedInOwner(page: Page) {
    await page.goto(at(own?.ownerPath ?? ""));
    const main = page.getByRole("main");
    await main.getByLabel("Tu nombre").fill("Dueña de la tienda");
    await main.getByLabel("Contraseña").fill("faro azul y gatos robot");
    await main.getByRole("button", { name: "Crear mi cuenta" }).click();
    await main.getByRole("heading", { name: "Activa la verificación en dos pasos" }).waitFor();
    const secret = (await page.locator("#totp-secret").textContent()) ?? "";
    await main.getByLabel("Código de 6 cifras").fill(codeFor(secret));
    await main.getByRole("button", { name: "Confirmar y entrar" }).click();
    await page.waitForURL(at("/gestion"));
  }

  /** The list's form works without the script: a GET form the server answers (the owner's cookies). */
  async function searchWithoutScript(signedIn: Page) {
    const page = await session.newPage({ javaScript: false });
    await page.context().addCookies(await signedIn.context().cookies());
    await page.goto(at("/gestion/clientes"));
    const main = page.getByRole("main");
    await main.getByLabel("Buscar").fill("fernández");
    await main.getByLabel("Buscar").press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === "fernández");
    await main.getByRole("link", { name: "Lucía Fernández Ortega" }).waitFor();
    await page.close();
  }

  it(
    "finds a customer, opens their page, downloads their data, erases them, and they sign in no more",
    async () => {
      const signedUp = await fetch(at("/api/auth/sign-up/email"), {
        method: "POST",
        headers: { "content-type": "application/json", origin: at("") },
        body: JSON.stringify({ ...customer, password }),
      });
      expect(signedUp.status).toBe(200);
      expect((await signIn()).status).toBe(200);

      const page = await session.newPage();
      await signedInOwner(page);
      const main = page.getByRole("main");
      await page.goto(at("/gestion/clientes"));
      await main.getByRole("heading", { name: "Clientes", level: 1 }).waitFor();
      expect(await severeViolations(page)).toEqual([]);

      await searchWithoutScript(page);

      // The search, with the keyboard: accents and case aside, its state in the address.
      await main.getByLabel("Buscar").fill("LUCIA fern");
      await main.getByLabel("Buscar").press("Enter");
      await page.waitForURL((url) => url.searchParams.get("q") === "LUCIA fern");
      const row = main.getByRole("link", { name: "Lucía Fernández Ortega" });
      await row.waitFor();
      expect(await main.getByRole("status").first().textContent()).toBe("1 cliente");
      // The form drawn again for the new address replaces the server's, never sits beside it.
      expect(await main.getByRole("search").count()).toBe(1);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: "/tmp/back-office-customers-390.png", fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });

      await row.click();
      await main.getByRole("heading", { name: "Lucía Fernández Ortega", level: 1 }).waitFor();
      expect(await main.textContent()).toContain(customer.email);
      expect(await main.textContent()).toContain("No está suscrito al boletín.");
      expect(await severeViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: "/tmp/back-office-customer-390.png", fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        main.getByRole("link", { name: "Descargar sus datos (JSON)" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^cliente-.+\.json$/);
      const exported = customerDataExportSchema.parse(
        JSON.parse(readFileSync(await download.path(), "utf8")),
      );
      expect(exported.account).toMatchObject({ email: customer.email, name: "Lucía" });

      // The erasure asks for the e-mail again; a wrong one erases nothing.
      const confirm = main.getByLabel("Escribe su correo electrónico para confirmarlo");
      await confirm.fill("otra@example.com");
      await main.getByRole("button", { name: "Borrar la cuenta para siempre" }).click();
      await expect
        .poll(() => main.getByRole("alert").textContent())
        .toContain("Escribe exactamente su correo");
      expect((await signIn()).status).toBe(200);
      await confirm.fill(customer.email);
      await main.getByRole("button", { name: "Borrar la cuenta para siempre" }).click();
      await main.getByRole("heading", { name: "Cuenta borrada" }).waitFor();
      expect((await signIn()).status).toBe(401);

      // Gone from the list, and its page is a 404.
      const gone = await page.goto(at(`/gestion/clientes?q=${encodeURIComponent("lucia")}`));
      expect(gone?.status()).toBe(200);
      await main.getByText("Ningún cliente coincide con la búsqueda.").waitFor();
      expect(session.errors).toEqual([]);
    },
    SLOW,
  );
});
