import { describe, expect, it } from "vitest";
import { setUpBrowser } from "./support/browser.ts";
import { waitForMail } from "./support/outbox.ts";
import { registerShopper } from "./support/register.ts";

const session = setUpBrowser();

describe("password reset", () => {
  it("mails a link that sets a new password, which then signs in", async () => {
    const email = "rosa.reset@example.com";
    const page = await session.newPage();
    const main = page.locator("main");
    await registerShopper(page, { name: "Rosa", lastName: "Olvido", email });
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    await page.goto("/login");
    await main.getByRole("link", { name: "¿Has olvidado tu contraseña?" }).click();
    await main.getByLabel("Correo electrónico").fill(email);
    await main.getByRole("button", { name: "Enviar el enlace" }).click();
    await expect.poll(() => main.getByText(`Si ${email} tiene una cuenta`).isVisible()).toBe(true);

    const mail = await waitForMail(email, /restablecer=/);
    const link = /https?:\/\/[^\s"<>]+\/login\?restablecer=[\w-]+/.exec(mail)?.[0];
    expect(link).toBeDefined();
    await page.goto(new URL(link ?? "").pathname + new URL(link ?? "").search);
    await main.getByLabel("Contraseña nueva").fill("robot-nuevo-2026");
    await main.getByLabel("Repite la contraseña").fill("robot-nuevo-2026");
    await main.getByRole("button", { name: "Guardar la contraseña" }).click();
    await expect.poll(() => page.getByText("Contraseña cambiada.").isVisible()).toBe(true);

    await main.getByLabel("Correo electrónico").fill(email);
    await main.getByLabel("Contraseña", { exact: true }).fill("robot-nuevo-2026");
    await main.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect.poll(() => main.locator("h1").textContent()).toBe("¡Hola, Rosa!");

    // The link works once: a second visit says it has expired.
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto(new URL(link ?? "").pathname + new URL(link ?? "").search);
    await main.getByLabel("Contraseña nueva").fill("otra-clave-2026");
    await main.getByLabel("Repite la contraseña").fill("otra-clave-2026");
    await main.getByRole("button", { name: "Guardar la contraseña" }).click();
    await expect.poll(() => main.getByText("El enlace ha caducado o ya se ha usado").isVisible()).toBe(true);
    expect(session.errors).toEqual([]);
  });
});
