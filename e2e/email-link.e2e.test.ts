import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, setUpBrowser } from "./support/browser.ts";
import { waitForMail } from "./support/outbox.ts";
import { registerProvenByApi, registerShopper } from "./support/register.ts";

const session = setUpBrowser();

/** Where a link lands: /login, the account page (the address was proven at sign-up: issue 28). */
const LANDED = "";

/** The sign-in link of the last mail to `email`, as a path on the shop the test uses. */
async function mailedLink(email: string): Promise<string> {
  const mail = await waitForMail(email, /\/login\?enlace=/);
  const link = /https?:\/\/[^\s"<>]+\/login\?enlace=[A-Za-z0-9]+/.exec(mail)?.[0];
  expect(link).toBeDefined();
  const url = new URL(link ?? "");
  return url.pathname + url.search;
}

async function askForLink(main: Locator, email: string) {
  await main.getByLabel("Correo electrónico").fill(email);
  await main.getByRole("button", { name: "Enviarme el enlace" }).click();
  await expect.poll(() => main.getByText(`Si hay una cuenta con ${email}`).count()).toBe(1);
}

/** Opens the mailed link and presses its button, which uses it. */
async function followLink(page: Page, link: string) {
  await page.goto(link);
  await page.locator("main").getByRole("button", { name: "Entrar", exact: true }).click();
}

describe("sign-in by e-mail link («Entrar con un enlace»)", () => {
  it("mails a link from /login that signs in once; opened again it explains and offers another", async () => {
    const email = `elena.enlace-${Date.now()}@example.com`;
    const page = await session.newPage();
    const main = page.locator("main");
    await registerShopper(page, { name: "Elena", lastName: "Enlace", email });
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    await page.goto("/login");
    await main.getByRole("link", { name: "Entrar con un enlace" }).click();
    await page.waitForURL((url) => url.search === "?pedir-enlace");
    await askForLink(main, email);
    const link = await mailedLink(email);

    // The mail program opens the link in another tab. Opening it signs nobody in (mail scanners
    // open links): its button does, and lands on the account page.
    const mailTab = await page.context().newPage();
    await mailTab.goto(new URL(link, baseUrl()).href);
    expect(await mailTab.getByRole("button", { name: "Cerrar sesión" }).count()).toBe(0);
    await mailTab.locator("main").getByRole("button", { name: "Entrar", exact: true }).click();
    await mailTab.waitForURL((url) => url.search === LANDED && url.origin === new URL(baseUrl()).origin);
    await expect.poll(() => mailTab.locator("main h1").textContent()).toBe("¡Hola, Elena!");
    await mailTab.close();

    // Back in the first tab, "check your mail" gives way to the account.
    await page.bringToFront();
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect.poll(() => main.locator("h1").textContent()).toBe("¡Hola, Elena!");

    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await followLink(page, link);
    await page.waitForURL((url) => url.searchParams.get("error") === "INVALID_TOKEN");
    await expect.poll(() => main.getByText("Ese enlace ya no sirve").count()).toBe(1);
    // …and the form for a new one is right there.
    await askForLink(main, email);
    expect(session.errors).toEqual([]);
  });

  it("adds the product a signed-out shopper asked for, when the link signs in from the mail's own tab", async () => {
    const email = `nuria.carrito-${Date.now()}@example.com`;
    const page = await session.newPage();
    const main = page.locator("main");
    await registerShopper(page, { name: "Nuria", email });
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    await page.goto("/detalle/5");
    await page.getByRole("button", { name: "Añadir al carrito" }).click();
    await page
      .getByRole("dialog", { name: "¿Cómo quieres comprar?" })
      .getByRole("button", { name: "Iniciar sesión" })
      .click();
    await page.waitForURL((url) => url.pathname === "/login");
    await main.getByRole("link", { name: "Entrar con un enlace" }).click();
    await askForLink(main, email);

    const mailTab = await page.context().newPage();
    await followLink(mailTab, new URL(await mailedLink(email), baseUrl()).href);
    await expect.poll(() => mailTab.locator("main h1").textContent()).toBe("¡Hola, Nuria!");
    await expect.poll(() => mailTab.getByTestId("cart-badge").textContent()).toBe("1");
    // Done once: the first tab, now signed in too, does not add it again.
    await page.bringToFront();
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect.poll(() => main.locator("h1").textContent()).toBe("¡Hola, Nuria!");
    await mailTab.reload();
    await expect.poll(() => mailTab.getByTestId("cart-badge").textContent()).toBe("1");
    expect(session.errors).toEqual([]);
  });

  it("shows a refused request clearly, and the same answer for an address without an account", async () => {
    const page = await session.newPage();
    const main = page.locator("main");
    await page.goto("/login?pedir-enlace");
    await main.getByLabel("Correo electrónico").fill("no-es-un-correo");
    await main.getByRole("button", { name: "Enviarme el enlace" }).click();
    await expect.poll(() => main.getByText("Escribe un correo electrónico válido.").count()).toBe(1);

    await page.context().route("**/api/auth/sign-in/magic-link", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ code: "TOO_MANY_LINKS", message: "wait" }),
      }),
    );
    await main.getByLabel("Correo electrónico").fill("alguien@example.com");
    await main.getByRole("button", { name: "Enviarme el enlace" }).click();
    await expect.poll(() => main.getByText("Ya hemos enviado varios enlaces").count()).toBe(1);
    await page.context().route("**/api/auth/sign-in/magic-link", (route) => route.abort("failed"));
    await main.getByRole("button", { name: "Enviarme el enlace" }).click();
    await expect.poll(() => main.getByText("No hemos podido conectar con la tienda").count()).toBe(1);
    await page.context().unroute("**/api/auth/sign-in/magic-link");

    await askForLink(main, `nadie-${Date.now()}@example.com`);
  });

  it("asks for and uses a link with JavaScript off", async () => {
    const page = await session.newPage({ javaScript: false });
    const email = `enlace-sin-script-${Date.now()}@example.com`;
    await registerProvenByApi(page.request, baseUrl(), { name: "Nuria", lastName: "Sin Script", email });
    await page.context().clearCookies();
    await page.goto("/login");
    const main = page.locator("main");
    await main.getByRole("link", { name: "Entrar con un enlace" }).click();
    await main.getByLabel("Correo electrónico").fill("no-es-un-correo");
    await main.getByRole("button", { name: "Enviarme el enlace" }).click();
    await expect.poll(() => main.getByText("Escribe un correo electrónico válido.").count()).toBe(1);
    expect(await main.getByLabel("Correo electrónico").inputValue()).toBe("no-es-un-correo");
    await askForLink(main, email);
    expect(new URL(page.url()).search).toBe("?pedir-enlace");

    await followLink(page, await mailedLink(email));
    await page.waitForURL((url) => url.search === LANDED && url.origin === new URL(baseUrl()).origin);
    await expect.poll(() => main.getByText("¡Hola, Nuria!").count()).toBe(1);
  });

  it("takes a request sent before the page's script has run, on a slow phone", async () => {
    const email = `enlace-a-tiempo-${Date.now()}@example.com`;
    const page = await session.newPage();
    await registerProvenByApi(page.request, baseUrl(), { name: "Pablo", lastName: "Prisa", email });
    await page.context().clearCookies();
    await page.context().route("**/assets/**/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto("/login?pedir-enlace", { waitUntil: "domcontentloaded" });
    const main = page.locator("main");
    await askForLink(main, email);
    await followLink(page, await mailedLink(email));
    await page.waitForURL((url) => url.search === LANDED);
    await expect.poll(() => main.getByText("¡Hola, Pablo!").count()).toBe(1);
  });
});
