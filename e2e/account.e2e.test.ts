import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpBrowser } from "./support/browser.ts";
import { waitForMail } from "./support/outbox.ts";
import { registerShopper, SHOPPER_PASSWORD, typeAddressCode } from "./support/register.ts";

const session = setUpBrowser();
const password = SHOPPER_PASSWORD;

async function registerWithConfirmation(page: Page, email: string, confirm: string) {
  const main = page.locator("main");
  await page.goto("/register");
  await main.getByLabel("Nombre", { exact: true }).fill("Ana");
  await main.getByLabel("Apellidos").fill("García López");
  await main.getByLabel("Correo electrónico").fill(email);
  await main.getByLabel("Contraseña", { exact: true }).fill(password);
  await main.getByLabel("Repite la contraseña").fill(confirm);
  await main.getByRole("checkbox", { name: /acepto las/ }).check();
  await main.getByRole("button", { name: "Crear cuenta" }).click();
}

describe("accounts", () => {
  it("registers, lands on the account page, stays signed in after a reload, and signs out", async () => {
    const page = await session.newPage();
    await page.goto("/register");
    await page.locator("main").getByRole("button", { name: "Crear cuenta" }).click();
    await expect.poll(() => page.getByText("Debes aceptar las condiciones de uso").isVisible()).toBe(true);
    expect(await page.getByText("Escribe tu nombre.").isVisible()).toBe(true);

    await registerWithConfirmation(page, "ana@example.com", "otra-cosa");
    await expect.poll(() => page.getByText("Las contraseñas no coinciden.").isVisible()).toBe(true);

    await page.locator("main").getByLabel("Repite la contraseña").fill(password);
    await page.locator("main").getByRole("button", { name: "Crear cuenta" }).click();
    // The mailed code proves the address and signs in (issue 28).
    await typeAddressCode(page, "ana@example.com");
    await expect.poll(() => page.locator("h1").textContent()).toBe("¡Hola, Ana!");

    await page.reload();
    expect(await page.locator("h1").textContent()).toBe("¡Hola, Ana!");
    await page.getByRole("link", { name: "Carrito" }).click();
    await page.waitForURL("**/checkout");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Mi carrito");
    await page.goto("/pedidos");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Mis pedidos");
    await page.goto("/cupones");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Mis cupones");
    await expect.poll(() => page.getByText("BIENVENIDA10").isVisible()).toBe(true);

    await page.goto("/login");
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/login");
    expect(await page.locator("h1").textContent()).toBe("Iniciar sesión");
  });

  it("tells no one an email is taken but its owner, explains a wrong password, and signs in with the right one", async () => {
    const setup = await session.newPage();
    await registerShopper(setup, { email: "bruno@example.com" });

    // Registering a taken address looks like registering a new one; its owner is told by mail.
    const page = await session.newPage();
    await registerShopper(page, { email: "bruno@example.com", expectFailure: true });
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Confirma tu correo");
    expect(await page.getByRole("alert").count()).toBe(0);
    await waitForMail("bruno@example.com", /Alguien ha intentado crear una cuenta/);

    await page.goto("/login");
    await page.locator("main").getByLabel("Correo electrónico").fill("bruno@example.com");
    await page.locator("main").getByLabel("Contraseña").fill("no-es-la-suya");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("El correo electrónico o la contraseña no son correctos.");
    await page.locator("main").getByLabel("Contraseña").fill(password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect.poll(() => page.locator("h1").textContent()).toBe("¡Hola, Ana!");
  });

  it("deletes the account after asking for the password again", async () => {
    const page = await session.newPage();
    await registerShopper(page, { email: "adios@example.com" });
    const main = page.locator("main");
    await main.getByText("Eliminar mi cuenta", { exact: true }).click();
    await main.locator("#delete-password").fill("no-es-esta");
    await main.getByRole("button", { name: "Eliminar mi cuenta definitivamente" }).click();
    await expect.poll(() => main.getByRole("alert").textContent()).toBe("La contraseña no es correcta.");
    await main.locator("#delete-password").fill(password);
    await main.getByRole("button", { name: "Eliminar mi cuenta definitivamente" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.getByText("Tu cuenta se ha eliminado.").isVisible()).toBe(true);

    await page.goto("/login");
    await main.getByLabel("Correo electrónico").fill("adios@example.com");
    await main.getByLabel("Contraseña").fill(password);
    await main.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect
      .poll(() => main.getByRole("alert").textContent())
      .toBe("El correo electrónico o la contraseña no son correctos.");
  });

  it("refuses a common password with a clear message", async () => {
    const page = await session.newPage();
    await page.goto("/register");
    await page.locator("main").getByLabel("Nombre", { exact: true }).fill("Lía");
    await page.locator("main").getByLabel("Apellidos").fill("Martín");
    await page.locator("main").getByLabel("Correo electrónico").fill("lia@example.com");
    await page.locator("main").getByLabel("Contraseña", { exact: true }).fill("password123");
    await page.locator("main").getByLabel("Repite la contraseña").fill("password123");
    await page.getByRole("checkbox", { name: /acepto las/ }).check();
    await page.locator("main").getByRole("button", { name: "Crear cuenta" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/demasiado común/);
  });
});
