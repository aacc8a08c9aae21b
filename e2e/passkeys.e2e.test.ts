import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { severeViolations } from "./support/axe.ts";
import { CHROMIUM_LAUNCH } from "./support/chromium.ts";
import { waitForMail } from "./support/outbox.ts";
import { SHOPPER_PASSWORD } from "./support/register.ts";

/**
 * Passkeys (issue 28, decision 036) in Chromium, with a virtual authenticator of the DevTools
 * protocol's WebAuthn domain standing in for the shopper's phone or laptop: adding one on
 * /datos/personales, signing in with it from /login (its button, and the e-mail field's
 * suggestions, which Chromium answers at once for a virtual authenticator), removing it.
 *
 * Browsers have no passkeys at an IP address (WebAuthn needs a domain name). So in the
 * 127.0.0.1 project the passkeys are used at `tienda.localhost`, Chromium's own name for the same
 * loopback shop (without PUBLIC_URL the relying party is the name the browser used), and the
 * shop opened at 127.0.0.1 is checked to offer none and say why.
 */
const base = new URL(inject("baseUrl"));
const atIp = base.hostname !== "localhost";
const named = atIp ? `${base.protocol}//tienda.localhost:${base.port}` : base.origin;

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await chromium.launch(CHROMIUM_LAUNCH);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** Page errors, hydration mismatches and what the CSP refused. */
const errors: string[] = [];
afterEach(() => {
  expect(errors.splice(0)).toEqual([]);
});

type Device = { page: Page; cdp: CDPSession; authenticatorId: string };

/** A fresh browser at `origin` (back/forward cache on) whose device has a passkey authenticator. */
async function newDevice(origin = named): Promise<Device> {
  // Without motion: axe judges a toast's colours mid-fade otherwise.
  const context = await browser.newContext({ baseURL: origin, locale: "es-ES", reducedMotion: "reduce" });
  contexts.push(context);
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    const text = message.text();
    if (text.startsWith("Recovered during hydration")) errors.push(text);
    if (message.type() === "error" && text.includes("Content Security Policy")) errors.push(text);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { page, cdp, authenticatorId };
}

/** Opens a page and waits until its script answers. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
}

/** Whether the device's "person" touches it: off, a waiting request stays waiting. */
const presence = ({ cdp, authenticatorId }: Device, enabled: boolean) =>
  cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled });

/** The passkeys the device holds, with the relying party each belongs to. */
async function heldPasskeys({ cdp, authenticatorId }: Device): Promise<string[]> {
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  return credentials.map((credential) => credential.rpId ?? "");
}

/**
 * A JSON request from the page itself, with its cookies and Origin: the test's own process
 * cannot resolve `tienda.localhost`, which Chromium answers itself. Answers the status and body.
 */
async function send(page: Page, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ([to, data]) => {
      const init = data === undefined ? {} : { method: "POST", body: JSON.stringify(data) };
      const response = await fetch(to, { ...init, headers: { "content-type": "application/json" } });
      return { status: response.status, json: await response.json().catch(() => null) };
    },
    [path, body] as const,
  );
}

/**
 * An account whose address is proven, signed in through the password form on /login: made
 * through the API, then proven by the password-reset mail (a passkey needs a proven address).
 */
async function signInProvenShopper(page: Page, name: string, email: string): Promise<void> {
  await open(page, "/login");
  await send(page, "/api/auth/sign-up/email", { name, lastName: "Llave", email, password: SHOPPER_PASSWORD });
  await send(page, "/api/auth/request-password-reset", { email });
  const token = /restablecer=([\w-]+)/.exec(await waitForMail(email, /restablecer=/))?.[1] ?? "";
  const reset = await send(page, "/api/auth/reset-password", { token, newPassword: SHOPPER_PASSWORD });
  expect(reset.status).toBe(200);
  const main = page.locator("main");
  await main.getByLabel(/^(Correo electrónico|Correio eletrónico)$/).fill(email);
  await main.getByLabel(/^(Contraseña|Palavra-passe)$/).fill(SHOPPER_PASSWORD);
  await main.getByRole("button", { name: /^(Iniciar sesión|Iniciar sessão)$/ }).click();
  await expect.poll(() => main.locator("h1").textContent()).toMatch(new RegExp(name));
}

/** Goes to another page and back; answers whether the page came back from the back/forward cache. */
async function leaveAndComeBack(page: Page): Promise<boolean> {
  const path = new URL(page.url()).pathname;
  await page.evaluate(() => {
    window.addEventListener("pageshow", (event) => {
      (window as unknown as { restored: boolean }).restored = event.persisted;
    });
  });
  await open(page, "/footer/envios");
  // A page the back/forward cache gives back fires no "load": wait for the navigation alone.
  await page.goBack({ waitUntil: "commit" });
  await page.waitForURL((url) => url.pathname === path, { waitUntil: "commit" });
  // Restored, the page is the one it was (hydrated, its listener called); loaded again, a new one.
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  return page.evaluate(() => (window as unknown as { restored?: boolean }).restored === true);
}

async function signOut(page: Page, label = "Cerrar sesión"): Promise<void> {
  await open(page, "/login");
  await page.getByRole("button", { name: label }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

describe("passkeys (issue 28)", () => {
  it("adds one on the account page, signs in with it from /login (button and autofill, bringing a guest's cart) and removes it", async () => {
    const device = await newDevice();
    const { page } = device;
    const main = page.locator("main");
    await signInProvenShopper(page, "Ana", `ana.llave.${base.hostname}@example.com`);

    await open(page, "/datos/personales");
    const section = main.getByRole("region", { name: "Llaves de acceso" });
    await expect
      .poll(() => section.getByText("Aún no tienes ninguna llave de acceso.").isVisible())
      .toBe(true);
    expect(await severeViolations(page)).toEqual([]);
    await section.getByLabel("Nombre de la llave (opcional)").fill("Portátil de Ana");
    await section.getByRole("button", { name: "Añadir una llave de acceso" }).click();
    await expect.poll(() => page.getByText("Llave de acceso añadida").isVisible()).toBe(true);
    const row = section.getByRole("listitem").filter({ hasText: "Portátil de Ana" });
    await expect.poll(() => row.textContent()).toMatch(/Añadida el \d+ de \w+ de \d{4}/);
    // The passkey belongs to the name the browser used.
    expect(await heldPasskeys(device)).toEqual([new URL(named).hostname]);
    expect(await severeViolations(page)).toEqual([]);

    // The button: the e-mail field's waiting request is let go for the browser's own dialog.
    await signOut(page);
    await presence(device, false);
    await open(page, "/login");
    expect(await main.getByLabel("Correo electrónico").getAttribute("autocomplete")).toBe(
      "username webauthn",
    );
    const button = main.getByRole("button", { name: "Entrar con una llave de acceso" });
    await button.waitFor();
    expect(await severeViolations(page)).toEqual([]);
    // The waiting request is let go when the page is left: /login still enters the back/forward
    // cache (Chromium keeps no page waiting for a passkey), and asks again when it comes back.
    expect(await leaveAndComeBack(page)).toBe(true);
    await presence(device, true);
    await button.click();
    await expect.poll(() => main.locator("h1").textContent()).toBe("¡Hola, Ana!");

    // Autofill: a guest with a cart opens /login, picks the passkey, and the cart comes along.
    await signOut(page);
    expect((await send(page, "/api/auth/sign-in/anonymous", {})).status).toBe(200);
    expect((await send(page, "/api/cart/3", { cantidad: 1 })).status).toBe(200);
    await open(page, "/login");
    await expect.poll(() => main.locator("h1").textContent()).toBe("¡Hola, Ana!");
    // In this page, as after a password: the header shows the account's cart, the guest's line in it.
    await expect.poll(() => page.getByTestId("cart-badge").textContent(), { timeout: 10_000 }).toBe("1");
    const cart = await send(page, "/api/cart");
    expect(cart.json).toMatchObject({ lines: [{ product: { id: 3 }, cantidad: 1 }] });

    await open(page, "/datos/personales");
    await row.getByRole("button", { name: "Quitar la llave Portátil de Ana" }).click();
    await page.getByRole("button", { name: "Sí, quitarla" }).click();
    await expect
      .poll(() => section.getByText("Aún no tienes ninguna llave de acceso.").isVisible())
      .toBe(true);

    // The device still holds it, but it opens nothing any more, and /login says so.
    await signOut(page);
    await open(page, "/login");
    await expect
      .poll(() => main.getByText("Esa llave ya no abre ninguna cuenta de la tienda").isVisible())
      .toBe(true);
    expect(await main.locator("h1").textContent()).toBe("Iniciar sesión");
  });

  it("does the same in Portuguese", async () => {
    const device = await newDevice();
    const { page } = device;
    const main = page.locator("main");
    await open(page, "/?lang=pt");
    await signInProvenShopper(page, "Rita", `rita.chave.${base.hostname}@example.com`);

    await open(page, "/datos/personales");
    const section = main.getByRole("region", { name: "Chaves de acesso" });
    await section.getByLabel("Nome da chave (opcional)").fill("Telemóvel da Rita");
    await section.getByRole("button", { name: "Adicionar uma chave de acesso" }).click();
    await expect.poll(() => page.getByText("Chave de acesso adicionada").isVisible()).toBe(true);
    expect(await severeViolations(page)).toEqual([]);

    await signOut(page, "Terminar sessão");
    await presence(device, false);
    await open(page, "/login");
    const button = main.getByRole("button", { name: "Entrar com uma chave de acesso" });
    await button.waitFor();
    expect(await severeViolations(page)).toEqual([]);
    await presence(device, true);
    await button.click();
    await expect.poll(() => main.locator("h1").textContent()).toBe("Olá, Rita!");

    await open(page, "/datos/personales");
    await section.getByRole("button", { name: "Remover a chave Telemóvel da Rita" }).click();
    await page.getByRole("button", { name: "Sim, remover" }).click();
    await expect.poll(() => page.getByText("Chave de acesso removida.").isVisible()).toBe(true);
    await expect
      .poll(() => section.getByText("Ainda não tem nenhuma chave de acesso.").isVisible())
      .toBe(true);
  });

  it.runIf(atIp)("at an IP address offers no passkey sign-in, and the account page says why", async () => {
    const device = await newDevice(base.origin);
    const { page } = device;
    const main = page.locator("main");
    await open(page, "/login");
    await main.getByRole("button", { name: "Iniciar sesión" }).waitFor();
    expect(await main.getByRole("button", { name: "Entrar con una llave de acceso" }).count()).toBe(0);

    await signInProvenShopper(page, "Iris", "iris.ip@example.com");
    await open(page, "/datos/personales");
    const section = main.getByRole("region", { name: "Llaves de acceso" });
    await expect.poll(() => section.getByText("no por una dirección IP").isVisible()).toBe(true);
    expect(await section.getByRole("button", { name: "Añadir una llave de acceso" }).count()).toBe(0);
    const byName = section.getByRole("link", { name: /^Abrir la tienda en http:\/\/localhost:/ });
    expect(await byName.getAttribute("href")).toBe(`http://localhost:${base.port}/datos/personales`);
    expect(await severeViolations(page)).toEqual([]);
  });
});
