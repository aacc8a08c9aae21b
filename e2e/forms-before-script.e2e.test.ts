import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, setUpBrowser } from "./support/browser.ts";
import { waitForMail } from "./support/outbox.ts";
import { mailedAddressCode, SHOPPER_PASSWORD } from "./support/register.ts";

const session = setUpBrowser();

/** The shop took the address: its confirmation link is mailed (double opt-in). */
const confirmationMailed = (email: string) => waitForMail(email, /newsletter\/confirmar\?token=/);

async function subscribe(page: Page, email: string, { consent = true } = {}) {
  await page.locator("#newsletter-email").fill(email);
  const form = page.locator("form", { has: page.locator("#newsletter-email") });
  if (consent) await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "SUSCRIBIRME" }).click();
}

/** The visible text of the newsletter's message, in the page (no script) or in the popup (script). */
const newsletterMessage = (page: Page) =>
  page.locator("#newsletter [role=status], #newsletter [role=alert], .swal2-popup").first();

describe("forms used before, or without, the page's script", () => {
  it("subscribes to the newsletter with JavaScript off, with the popup's words, and nothing in the URL", async () => {
    const page = await session.newPage({ javaScript: false });
    await page.goto("/detalle/1");
    const email = `sin-script-${Date.now()}@example.com`;
    await subscribe(page, email);
    await page.waitForURL("**/detalle/1#newsletter");
    expect(await newsletterMessage(page).textContent()).toContain("¡Ya casi está!");
    expect(page.url()).not.toContain("example.com");
    expect(await page.locator("#newsletter-email").inputValue()).toBe("");
    await confirmationMailed(email);
  });

  it("explains a refused subscription with JavaScript off and keeps what was typed", async () => {
    const page = await session.newPage({ javaScript: false });
    await page.goto("/footer/envios");
    await subscribe(page, "ana@example");
    expect(await newsletterMessage(page).textContent()).toContain(
      "Por favor ingresa un correo electrónico válido",
    );
    await subscribe(page, "ana@example.com", { consent: false });
    expect(await newsletterMessage(page).textContent()).toContain("¡Checkbox obligatorio!");
    expect(await page.locator("#newsletter-email").inputValue()).toBe("ana@example.com");
    expect(new URL(page.url()).pathname).toBe("/footer/envios");
  });

  it("searches from the header with JavaScript off", async () => {
    const page = await session.newPage({ javaScript: false });
    await page.goto("/footer/envios");
    const box = page.getByRole("searchbox", { name: "Buscar productos" }).first();
    await box.fill("  peluche ");
    await box.press("Enter");
    await page.waitForURL("**/producto/peluche");
    expect(await page.locator("main h1").textContent()).toContain("peluche");
  });

  it("switches the language and searches on a phone with JavaScript off", async () => {
    const page = await session.newPage({ mobile: true, javaScript: false });
    await page.goto("/footer/envios");
    await page.getByRole("button", { name: "PT", exact: true }).click();
    await page.waitForURL("**/footer/envios?lang=pt");
    expect(await page.locator("html").getAttribute("lang")).toBe("pt-PT");
    const box = page.getByRole("searchbox", { name: "Pesquisar produtos" });
    expect(await box.isVisible()).toBe(false);
    await page.getByRole("link", { name: "Abrir a pesquisa" }).click();
    await expect.poll(() => box.isVisible()).toBe(true);
    await box.fill("mochila");
    await box.press("Enter");
    await page.waitForURL("**/producto/mochila");
    expect(await page.locator("main h1").textContent()).toContain("mochila");
  });

  it("registers and signs in with JavaScript off, explaining a wrong password", async () => {
    const page = await session.newPage({ javaScript: false });
    const email = `registro-sin-script-${Date.now()}@example.com`;
    await page.goto("/register");
    const main = page.locator("main");
    await main.getByLabel("Nombre", { exact: true }).fill("Rita");
    await main.getByLabel("Apellidos").fill("Sin Script");
    await main.getByLabel("Correo electrónico").fill(email);
    await main.getByLabel("Contraseña", { exact: true }).fill(SHOPPER_PASSWORD);
    await main.getByLabel("Repite la contraseña").fill("otra-cosa-distinta");
    await main.getByRole("checkbox", { name: /acepto las/ }).check();
    await main.getByRole("button", { name: "Crear cuenta" }).click();
    // The server checks the form as the script would: the passwords differ; the rest is kept.
    await expect.poll(() => main.getByText("Las contraseñas no coinciden").count()).toBe(1);
    expect(await main.getByLabel("Apellidos").inputValue()).toBe("Sin Script");
    expect(await main.getByLabel("Contraseña", { exact: true }).inputValue()).toBe("");
    await main.getByLabel("Contraseña", { exact: true }).fill(SHOPPER_PASSWORD);
    await main.getByLabel("Repite la contraseña").fill(SHOPPER_PASSWORD);
    await main.getByRole("button", { name: "Crear cuenta" }).click();
    // The mailed code, typed in the page the server answered with, proves the address (issue 28).
    await expect.poll(() => main.getByRole("heading", { name: "Confirma tu correo" }).count()).toBe(1);
    await main.getByLabel("Código de 6 cifras").fill("000000x");
    await main.getByRole("button", { name: "Confirmar y entrar" }).click();
    await expect.poll(() => main.getByText("Ese código no es correcto").count()).toBe(1);
    await main.getByLabel("Código de 6 cifras").fill(await mailedAddressCode(email));
    await main.getByRole("button", { name: "Confirmar y entrar" }).click();
    await page.waitForURL("**/login");
    expect(await main.getByText("¡Hola, Rita!").count()).toBe(1);

    const other = await session.newPage({ javaScript: false });
    await other.goto("/login");
    const form = other.locator("main");
    await form.getByLabel("Correo electrónico").fill(email);
    await form.getByLabel("Contraseña").fill("no-es-esta-1234");
    await form.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect
      .poll(() => form.getByText("El correo electrónico o la contraseña no son correctos.").count())
      .toBe(1);
    expect(await form.getByLabel("Correo electrónico").inputValue()).toBe(email);
    await form.getByLabel("Contraseña").fill(SHOPPER_PASSWORD);
    await form.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL("**/login");
    await expect.poll(() => form.getByText("¡Hola, Rita!").count()).toBe(1);
  });

  it("resets a forgotten password with JavaScript off, from the request to signing in", async () => {
    const page = await session.newPage({ javaScript: false });
    const email = `olvido-sin-script-${Date.now()}@example.com`;
    const signedUp = await page.request.post("/api/auth/sign-up/email", {
      data: { name: "Olga", lastName: "Sin Script", email, password: SHOPPER_PASSWORD },
      headers: { origin: baseUrl() },
    });
    expect(signedUp.status()).toBe(200);
    await page.context().clearCookies();
    await page.goto("/login");
    const main = page.locator("main");
    await main.getByRole("link", { name: "¿Has olvidado tu contraseña?" }).click();
    await main.getByLabel("Correo electrónico").fill("no-es-un-correo");
    await main.getByRole("button", { name: "Enviar el enlace" }).click();
    await expect.poll(() => main.getByText("Escribe un correo electrónico válido.").count()).toBe(1);
    expect(await main.getByLabel("Correo electrónico").inputValue()).toBe("no-es-un-correo");
    await main.getByLabel("Correo electrónico").fill(email);
    await main.getByRole("button", { name: "Enviar el enlace" }).click();
    // The same answer whether the account exists or not: nothing says which.
    await expect.poll(() => main.getByText(`Si ${email} tiene una cuenta`).count()).toBe(1);
    expect(new URL(page.url()).search).toBe("?recuperar");

    const link = /https?:\/\/[^\s"<>]+\/login\?restablecer=[\w-]+/.exec(
      await waitForMail(email, /restablecer=/),
    )?.[0];
    await page.goto(new URL(link ?? "").pathname + new URL(link ?? "").search);
    await main.getByLabel("Contraseña nueva").fill("robot-sin-script-2026");
    await main.getByLabel("Repite la contraseña").fill("otra-cosa-2026");
    await main.getByRole("button", { name: "Guardar la contraseña" }).click();
    await expect.poll(() => main.getByText("Las contraseñas no coinciden").count()).toBe(1);
    await main.getByLabel("Contraseña nueva").fill("robot-sin-script-2026");
    await main.getByLabel("Repite la contraseña").fill("robot-sin-script-2026");
    await main.getByRole("button", { name: "Guardar la contraseña" }).click();
    await expect.poll(() => main.getByText("Contraseña cambiada.", { exact: false }).count()).toBe(1);

    await main.getByLabel("Correo electrónico").fill(email);
    await main.getByLabel("Contraseña", { exact: true }).fill("robot-sin-script-2026");
    await main.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL("**/login");
    await expect.poll(() => main.getByText("¡Hola, Olga!").count()).toBe(1);

    // The link is single use: sent again, it explains and offers a new one.
    await page.context().clearCookies();
    await page.goto(new URL(link ?? "").pathname + new URL(link ?? "").search);
    await main.getByLabel("Contraseña nueva").fill("robot-otra-vez-2026");
    await main.getByLabel("Repite la contraseña").fill("robot-otra-vez-2026");
    await main.getByRole("button", { name: "Guardar la contraseña" }).click();
    await expect
      .poll(() => main.getByText("El enlace ha caducado o ya se ha usado.", { exact: false }).count())
      .toBe(1);
    expect(await main.getByRole("link", { name: "Pedir un enlace nuevo" }).count()).toBe(1);
  });

  it("gives the same result to a newsletter and a search sent the moment the HTML is there, on a slow phone", async () => {
    const page = await session.newPage();
    // The page's scripts take their time, as on a slow phone's network.
    await page.context().route("**/assets/**/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto("/footer/quienes-somos", { waitUntil: "domcontentloaded" });
    const email = `a-tiempo-${Date.now()}@example.com`;
    await subscribe(page, email);
    await expect.poll(() => newsletterMessage(page).textContent()).toContain("¡Ya casi está!");
    expect(page.url()).not.toContain("example.com");
    await confirmationMailed(email);

    await page.goto("/footer/envios", { waitUntil: "domcontentloaded" });
    const search = page.getByRole("searchbox", { name: "Buscar productos" }).first();
    await search.fill("mochila");
    await search.press("Enter");
    await page.waitForURL("**/producto/mochila", { waitUntil: "commit" });
    await expect.poll(() => page.locator("main h1").textContent()).toContain("mochila");
  });
});
