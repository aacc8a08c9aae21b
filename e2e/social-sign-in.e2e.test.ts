import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { type LocalOidcProvider, startLocalOidcProvider } from "#server/testing/local-oidc-provider.ts";
import { severeViolations } from "./support/axe.ts";
import { CHROMIUM_LAUNCH } from "./support/chromium.ts";
import { mailsTo, waitForMail } from "./support/outbox.ts";
import { registerShopper } from "./support/register.ts";
import { freePort, type RunningShop, startShop } from "./support/start-shop.ts";

/**
 * Signing in with "Google" (decision 033): a local OpenID Connect provider stands in for it, and
 * a shop of this file's own is configured to use it (GOOGLE_DISCOVERY_URL) at a fixed PUBLIC_URL,
 * the address registered with the provider.
 */
let oidc: LocalOidcProvider;
let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  const host = new URL(inject("baseUrl")).hostname;
  const port = await freePort();
  const publicUrl = `http://${host}:${port}`;
  oidc = await startLocalOidcProvider([`${publicUrl}/api/auth/callback/google`]);
  shop = await startShop(process.cwd(), {
    port,
    host: host === "localhost" ? "localhost" : "127.0.0.1",
    env: {
      PUBLIC_URL: publicUrl,
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
    },
  });
  browser = await chromium.launch(CHROMIUM_LAUNCH);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await oidc?.close();
});

/** Page errors, hydration mismatches and what the CSP refused, on the shop's pages. */
const errors: string[] = [];
afterEach(() => {
  expect(errors.splice(0)).toEqual([]);
});

async function newPage(): Promise<Page> {
  // Without motion: axe judges a toast's colours mid-fade otherwise.
  const context = await browser.newContext({
    baseURL: shop.baseUrl,
    locale: "es-ES",
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    const text = message.text();
    if (text.startsWith("Recovered during hydration")) errors.push(text);
    if (message.type() === "error" && text.includes("Content Security Policy")) errors.push(text);
  });
  await page.goto("/login");
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  return page;
}

/** This file's own shop writes its mails to its own outbox. */
const outboxOf = (running: RunningShop) => join(running.dataDir, "outbox");

/** At the provider's own page: types the login (any password) and signs in there. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.waitForURL(`${oidc.issuer}/**`);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

describe("signing in with Google", () => {
  it("creates the account after the welcome step, and signs the shopper in again later", async () => {
    const page = await newPage();
    const main = page.locator("main");
    expect(await severeViolations(page)).toEqual([]);
    await main.getByRole("link", { name: "Continuar con Google" }).click();
    await signInAtProvider(page, "ana");

    // Back at the shop: the first time asks for the terms, the names come from the provider.
    await page.waitForURL("**/login?bienvenida");
    await main.getByRole("heading", { name: "Completa tu cuenta" }).waitFor();
    expect(await main.getByLabel("Nombre", { exact: true }).inputValue()).toBe("Ana");
    expect(await main.getByLabel("Apellidos").inputValue()).toBe("Robles");
    expect(await severeViolations(page)).toEqual([]);
    await main.getByRole("button", { name: "Crear mi cuenta" }).click();
    await main.getByText("Debes aceptar las condiciones de uso").waitFor();
    await main.getByRole("checkbox", { name: /acepto las/ }).check();
    await main.getByRole("button", { name: "Crear mi cuenta" }).click();
    await main.getByRole("heading", { name: "¡Hola, Ana!" }).waitFor();

    // Signed out and back with Google: the provider remembers the shopper, the shop too.
    await main.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL(`${shop.baseUrl}/`);
    await page.goto("/login");
    await main.getByRole("link", { name: "Continuar con Google" }).click();
    await page.waitForURL("**/login?bienvenida");
    await main.getByRole("heading", { name: "¡Hola, Ana!" }).waitFor();
    expect(await main.getByRole("heading", { name: "Completa tu cuenta" }).count()).toBe(0);
  });

  it("asks for the names the provider did not give", async () => {
    const page = await newPage();
    const main = page.locator("main");
    await main.getByRole("link", { name: "Continuar con Google" }).click();
    await signInAtProvider(page, "sinnombre");
    await main.getByRole("heading", { name: "Completa tu cuenta" }).waitFor();
    expect(await main.getByLabel("Nombre", { exact: true }).inputValue()).toBe("");
    await main.getByRole("checkbox", { name: /acepto las/ }).check();
    await main.getByRole("button", { name: "Crear mi cuenta" }).click();
    await main.getByText("Escribe tu nombre.").waitFor();
    await main.getByLabel("Nombre", { exact: true }).fill("Sonia");
    await main.getByLabel("Apellidos").fill("Nieto");
    await main.getByRole("button", { name: "Crear mi cuenta" }).click();
    await main.getByRole("heading", { name: "¡Hola, Sonia!" }).waitFor();
  });

  it("comes back to /login with a message when the shopper cancels at the provider", async () => {
    const page = await newPage();
    const main = page.locator("main");
    await main.getByRole("link", { name: "Continuar con Google" }).click();
    await page.waitForURL(`${oidc.issuer}/**`);
    await page.getByRole("link", { name: "[ Cancel ]" }).click();
    await page.waitForURL(
      (url) => url.pathname === "/login" && url.searchParams.get("error") === "access_denied",
    );
    await expect
      .poll(() => main.getByRole("alert").textContent())
      .toBe("Has cancelado el acceso. Puedes intentarlo de nuevo o entrar con tu correo y tu contraseña.");
    // Still signed out, with the sign-in form and the button to try again.
    expect(await main.getByRole("button", { name: "Iniciar sesión" }).count()).toBe(1);
    expect(await severeViolations(page)).toEqual([]);
    // The same in Portuguese.
    await page.goto("/login?acceso=social&error=access_denied&lang=pt");
    await expect
      .poll(() => main.getByRole("alert").textContent())
      .toBe("Cancelou o acesso. Pode tentar de novo ou entrar com o seu e-mail e a sua palavra-passe.");
    expect(await main.getByRole("link", { name: "Continuar com Google" }).count()).toBe(1);
  });

  it("joins the account whose proven address the provider verified too, which keeps its password", async () => {
    const page = await newPage();
    const main = page.locator("main");
    await registerShopper(page, { name: "Lola", email: "lola.previa@example.com", outbox: outboxOf(shop) });
    await main.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL(`${shop.baseUrl}/`);
    oidc.addUser("lola", { email: "lola.previa@example.com", email_verified: true, given_name: "Otra" });

    await page.goto("/login");
    await main.getByRole("link", { name: "Continuar con Google" }).click();
    await signInAtProvider(page, "lola");
    // The account that existed, with its own name, and no welcome step. Its address was proven
    // by the code at sign-up (issue 28), so nothing was taken from it.
    await main.getByRole("heading", { name: "¡Hola, Lola!" }).waitFor();
  });

  it("comes back to /login with a message when the provider is in trouble, in Spanish and Portuguese", async () => {
    oidc.failAuthorizations(true);
    try {
      const page = await newPage();
      const main = page.locator("main");
      await main.getByRole("link", { name: "Continuar con Google" }).click();
      await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.has("error"));
      await expect
        .poll(() => main.getByRole("alert").textContent())
        .toBe(
          "No hemos podido conectar con el proveedor. Inténtalo de nuevo en unos minutos o entra con tu correo y tu contraseña.",
        );
      expect(await severeViolations(page)).toEqual([]);
      await page.goto(`${new URL(page.url()).pathname}${new URL(page.url()).search}&lang=pt`);
      await expect
        .poll(() => main.getByRole("alert").textContent())
        .toMatch(/^Não foi possível ligar ao fornecedor/);
    } finally {
      oidc.failAuthorizations(false);
    }
  });

  it("shows the button before the script runs, and it works as a plain link", async () => {
    const context = await browser.newContext({
      baseURL: shop.baseUrl,
      locale: "es-ES",
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto("/register");
    await page.locator("main").getByRole("link", { name: "Continuar con Google" }).click();
    await page.waitForURL(`${oidc.issuer}/**`);
    await context.close();
  });

  it("keeps «Continuar con Google» where the server drew it once the script has run", async () => {
    const withoutScript = await browser.newContext({ baseURL: shop.baseUrl, javaScriptEnabled: false });
    const before = await withoutScript.newPage();
    await before.goto("/login");
    const drawn = await before
      .locator("main")
      .getByRole("link", { name: "Continuar con Google" })
      .boundingBox();
    await withoutScript.close();

    // On a named host the script adds the passkey button (127.0.0.1 has none): it must not push
    // the link a shopper may be tapping as the page wakes.
    const page = await newPage();
    if (new URL(shop.baseUrl).hostname === "localhost") {
      await page.getByRole("button", { name: "Entrar con una llave de acceso" }).waitFor();
    }
    const hydrated = await page
      .locator("main")
      .getByRole("link", { name: "Continuar con Google" })
      .boundingBox();
    expect(drawn).not.toBeNull();
    expect(hydrated).toEqual(drawn);
  });

  it("completes a first sign-in with JavaScript off: the welcome form is drawn with its names and posted", async () => {
    const context = await browser.newContext({
      baseURL: shop.baseUrl,
      locale: "es-ES",
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    const main = page.locator("main");
    oidc.addUser("sinscript", {
      email: "sin.script@example.com",
      email_verified: true,
      given_name: "Pilar",
      family_name: "Soto",
    });
    await page.goto("/login");
    await main.getByRole("link", { name: "Continuar con Google" }).click();
    await signInAtProvider(page, "sinscript");
    await page.waitForURL("**/login?bienvenida");
    await main.getByRole("heading", { name: "Completa tu cuenta" }).waitFor();
    expect(await main.getByLabel("Nombre", { exact: true }).inputValue()).toBe("Pilar");
    expect(await main.getByLabel("Apellidos").inputValue()).toBe("Soto");
    await main.getByRole("checkbox", { name: /acepto las/ }).check();
    await main.getByRole("button", { name: "Crear mi cuenta" }).click();
    await page.waitForURL((url) => url.pathname === "/login" && url.search === "");
    await main.getByRole("heading", { name: "¡Hola, Pilar!" }).waitFor();
    await context.close();
  });
});

describe("connecting Google to an account made with a password", () => {
  it("connects a Google account with another address, which then signs the shopper in", async () => {
    const page = await newPage();
    const main = page.locator("main");
    await registerShopper(page, { name: "Marta", email: "marta.tienda@example.com", outbox: outboxOf(shop) });
    oidc.addUser("marta", { email: "marta.gmail@example.com", email_verified: true, given_name: "M" });
    await page.goto("/datos/personales");
    const connected = main.getByRole("region", { name: "Cuentas conectadas" });
    await connected.getByText("Sin conectar").waitFor();
    expect(await severeViolations(page)).toEqual([]);
    await connected.getByRole("link", { name: "Conectar Google" }).click();
    await signInAtProvider(page, "marta");

    await page.waitForURL((url) => url.pathname === "/datos/personales");
    await page.getByText("Tu cuenta de Google está conectada: ya puedes entrar con ella.").waitFor();
    await connected.getByText("Conectada", { exact: true }).waitFor();
    // The landing's address is tidied, so a reload does not announce it again.
    await expect.poll(() => new URL(page.url()).search).toBe("");

    // Signed out, «Continuar con Google» opens this account.
    await page.goto("/login");
    await main.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL(`${shop.baseUrl}/`);
    await page.goto("/login");
    await main.getByRole("link", { name: "Continuar con Google" }).click();
    await page.waitForURL("**/login?bienvenida");
    await main.getByRole("heading", { name: "¡Hola, Marta!" }).waitFor();

    // Disconnected after the confirmation (a popup), it shows as not connected.
    await page.goto("/datos/personales");
    await connected.getByRole("button", { name: "Desconectar Google" }).click();
    await page.locator(".swal2-title").getByText("¿Desconectar Google?").waitFor();
    expect(await severeViolations(page)).toEqual([]);
    await page.locator(".swal2-confirm").click();
    await connected.getByText("Sin conectar").waitFor();
    await page.getByText("Has desconectado Google.").waitFor();
  });

  it("asks an account that has not proven its address for the mailed code before connecting (issue 28)", async () => {
    const page = await newPage();
    const main = page.locator("main");
    const email = `sin.probar-${Date.now()}@example.com`;
    // Registered, then signed in with the password before typing the code: not proven yet.
    const headers = { origin: shop.baseUrl };
    const account = { name: "Inés", lastName: "Pendiente", email, password: "Gato-Robot-Azul-2026" };
    expect((await page.request.post("/api/auth/sign-up/email", { data: account, headers })).status()).toBe(
      200,
    );
    await main.getByLabel("Correo electrónico").fill(email);
    await main.getByLabel("Contraseña").fill(account.password);
    await main.getByRole("button", { name: "Iniciar sesión" }).click();
    await main.getByRole("heading", { name: "¡Hola, Inés!" }).waitFor();

    await page.goto("/datos/personales");
    const proof = main.getByRole("form", { name: "Confirma tu correo" });
    await proof.getByText(`confirma antes que ${email} es tu correo`).waitFor();
    expect(await severeViolations(page)).toEqual([]);
    // Connecting waits for it, and says why.
    await page.goto("/datos/personales?conexion=social&error=address_not_proven");
    await expect
      .poll(() => main.getByRole("region", { name: "Cuentas conectadas" }).getByRole("alert").textContent())
      .toMatch(/confirma tu correo/);

    await proof.getByRole("button", { name: "Enviarme un código" }).click();
    // The second code mailed to the address (the first came with the sign-up).
    await expect.poll(() => mailsTo(email, /^\d{6}\r?$/m, outboxOf(shop))).toBe(2);
    const mail = await waitForMail(email, /^\d{6}\r?$/m, outboxOf(shop));
    await proof.getByLabel("Código de 6 cifras").fill(/^(\d{6})\r?$/m.exec(mail)?.[1] ?? "");
    expect(await severeViolations(page)).toEqual([]);
    await proof.getByRole("button", { name: "Confirmar mi correo" }).click();
    await page.getByText("Tu correo está confirmado.").waitFor();
    await expect.poll(() => proof.count()).toBe(0);

    oidc.addUser("ines", { email: "ines.gmail@example.com", email_verified: true, given_name: "I" });
    const connected = main.getByRole("region", { name: "Cuentas conectadas" });
    await connected.getByRole("link", { name: "Conectar Google" }).click();
    await signInAtProvider(page, "ines");
    await page.getByText("Tu cuenta de Google está conectada: ya puedes entrar con ella.").waitFor();
  });

  it("explains in Spanish and Portuguese why a connection failed", async () => {
    const page = await newPage();
    const main = page.locator("main");
    await registerShopper(page, { name: "Pablo", email: "pablo.tienda@example.com", outbox: outboxOf(shop) });
    await page.goto("/datos/personales");
    const connected = main.getByRole("region", { name: "Cuentas conectadas" });
    await connected.getByRole("link", { name: "Conectar Google" }).click();
    await signInAtProvider(page, "noverificada");
    await page.waitForURL((url) => url.searchParams.get("error") === "unable_to_link_account");
    await expect
      .poll(() => connected.getByRole("alert").textContent())
      .toBe("El proveedor no ha confirmado que ese correo sea tuyo, así que no podemos conectar la cuenta.");
    await connected.getByText("Sin conectar").waitFor();
    await page.goto(
      "/datos/personales?conexion=social&error=account_already_linked_to_different_user&lang=pt",
    );
    await expect
      .poll(() => main.getByRole("region", { name: "Contas ligadas" }).getByRole("alert").textContent())
      .toBe("Essa conta já está ligada a outra conta da loja. Entre com ela e desligue-a lá primeiro.");
  });
});

describe("an account made with Google, without a password", () => {
  it("offers the mail that sets a first password where a form would ask for it", async () => {
    const page = await newPage();
    const main = page.locator("main");
    oidc.addUser("solo", {
      email: "solo.google@example.com",
      email_verified: true,
      given_name: "Sol",
      family_name: "Gil",
    });
    await main.getByRole("link", { name: "Continuar con Google" }).click();
    await signInAtProvider(page, "solo");
    await main.getByRole("checkbox", { name: /acepto las/ }).check();
    await main.getByRole("button", { name: "Crear mi cuenta" }).click();
    await main.getByRole("heading", { name: "¡Hola, Sol!" }).waitFor();

    await main.getByText("Eliminar mi cuenta", { exact: true }).click();
    const send = main.getByRole("button", { name: "Enviarme el enlace para elegir una contraseña" });
    await send.waitFor();
    expect(await main.getByLabel("Contraseña").count()).toBe(0);
    expect(await severeViolations(page)).toEqual([]);
    await send.click();
    await page
      .getByText("Te hemos enviado el enlace a solo.google@example.com. Caduca en una hora.")
      .waitFor();
    await expect.poll(() => mailsTo("solo.google@example.com", /restablecer=/, outboxOf(shop))).toBe(1);

    // The same on /datos/personales, where the address is changed.
    await page.goto("/datos/personales");
    await main.getByText("Cambiar el correo electrónico", { exact: true }).click();
    await main.getByRole("button", { name: "Enviarme el enlace para elegir una contraseña" }).waitFor();
    expect(await main.getByLabel("Tu contraseña actual").count()).toBe(0);
  });
});
