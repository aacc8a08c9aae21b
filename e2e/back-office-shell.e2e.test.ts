import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { totpCode } from "#server/testing/totp-code.ts";
import { severeViolations } from "./support/axe.ts";
import { baseUrl, setUpBrowser } from "./support/browser.ts";
import { createScratchDatabase } from "./support/scratch-database.ts";
import { freePort, type RunningShop, startShop } from "./support/start-shop.ts";

const session = setUpBrowser();

/** The whole page, in /tmp to look at (issue 30 asks for 1280 and 390 px). */
async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/back-office-${name}.png`, fullPage: true });
}

/** Every script a page asked for until the network was idle. */
async function scriptsOf(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(path, { waitUntil: "networkidle" });
  return scripts;
}

describe("the back office's own room (issue 30)", () => {
  it("sends someone signed out from /gestion to its sign-in page, drawn by the server and hydrated", async () => {
    const page = await session.newPage();
    await page.goto("/gestion");
    expect(new URL(page.url()).pathname).toBe("/gestion/entrar");
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe("Entrar en la gestión");
    expect(await page.getByRole("banner").textContent()).toBe("Gestión · Tienda Oficial Miaubot");
    expect(await page.title()).toBe("Entrar · Gestión");
    expect(await severeViolations(page)).toEqual([]);
    await screenshot(page, "sign-in-1280");
    expect(session.errors).toEqual([]);
  });

  it("answers its pages privately, for no search engine, its files from its own build", async () => {
    const answer = await fetch(`${baseUrl()}/gestion/entrar`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(answer.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await answer.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const entry = /<script type="module" src="(\/gestion\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const script = await fetch(`${baseUrl()}${entry}`, { headers: { "accept-encoding": "br" } });
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(script.headers.get("content-encoding")).toBe("br");
    expect((await fetch(`${baseUrl()}/gestion/no-existe`)).status).toBe(404);
  });

  it("shows the sign-in page without JavaScript, saying the back office needs it", async () => {
    const page = await session.newPage({ javaScript: false });
    await page.goto("/gestion/entrar");
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe("Entrar en la gestión");
    expect(await main.getByLabel("Correo electrónico").isVisible()).toBe(true);
    expect(await main.getByLabel("Contraseña").isVisible()).toBe(true);
    expect(await main.textContent()).toContain("La gestión necesita JavaScript");
    // Posted anyway, the form comes back to its page: the password is never in an address.
    await main.getByLabel("Correo electrónico").fill("ana@example.com");
    await main.getByLabel("Contraseña").fill("una contraseña");
    await main.getByRole("button", { name: "Continuar" }).click();
    await page.waitForLoadState();
    expect(page.url()).toBe(`${baseUrl()}/gestion/entrar`);
  });

  it("explains a wrong password, on a phone, with the keyboard", async () => {
    const page = await session.newPage({ mobile: true });
    await page.goto("/gestion/entrar");
    const main = page.getByRole("main");
    await main.getByLabel("Correo electrónico").fill("nadie@example.com");
    await main.getByLabel("Contraseña").fill("no es la contraseña");
    await main.getByLabel("Contraseña").press("Enter");
    await expect
      .poll(() => main.getByRole("alert").textContent())
      .toBe("El correo o la contraseña no son correctos.");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "sign-in-390");
    expect(await severeViolations(page)).toEqual([]);
  });

  it("says an invitation link opens nothing when it is wrong", async () => {
    const page = await session.newPage();
    await page.goto("/gestion/invitacion?token=no-es-un-enlace-de-verdad-0123456789");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Invitación no válida");
    expect(await severeViolations(page)).toEqual([]);
  });

  it("asks nothing the browser is refused on its pages for nobody signed in", async () => {
    const page = await session.newPage();
    const refused: string[] = [];
    page.on("response", (answer) => {
      if (answer.status() >= 400 && answer.url().includes("/api/")) refused.push(answer.url());
    });
    for (const path of ["/gestion/entrar", "/gestion/invitacion?token=no-vale", "/gestion/no-existe"]) {
      // Hydrated (the shell's goto waits for it), then whatever its queries ask has been answered.
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    // The header asks who is signed in; the server asked first, so the browser never does.
    expect(refused).toEqual([]);
  });

  it("never sends a shopper's page any of the back office's scripts", async () => {
    for (const path of ["/", "/detalle/1", "/login"]) {
      const page = await session.newPage();
      const scripts = await scriptsOf(page, path);
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((script) => script.startsWith("/gestion"))).toEqual([]);
      expect(await page.content()).not.toContain("/gestion/assets/");
    }
  });
});

/** The code an authenticator shows now for the secret of the enrolment page ("ABCD EFGH …"). */
function codeFor(shownSecret: string): string {
  return totpCode(`otpauth://totp/gestion?secret=${shownSecret.replace(/\s/g, "")}`);
}

/**
 * Invitations made from the server's terminal (`npm run staff -- invite`), before the shop that
 * opens them starts: the embedded database is one process's at a time. A shop of its own, so the
 * command writes where that shop reads. Returns each invitation's path.
 */
async function shopWithInvitations(emails: string[]): Promise<{ shop: RunningShop; paths: string[] }> {
  const port = await freePort();
  const postgres = inject("ownDatabase") === "postgres" ? await createScratchDatabase("gestion") : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "gestion-"));
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const where = postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dataDir };
  const paths: string[] = [];
  for (const email of emails) {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["scripts/staff.ts", "invite", email, "--role", "owner"],
      { env: { ...env, ...where, PORT: String(port), LOG_LEVEL: "warn" } },
    );
    const link = /Enlace \(de un solo uso\): (\S+)/.exec(stdout)?.[1];
    if (!link) throw new Error(`No link in: ${stdout}`);
    paths.push(`${new URL(link).pathname}${new URL(link).search}`);
  }
  const host = new URL(baseUrl()).hostname === "localhost" ? "localhost" : "127.0.0.1";
  const shop = await startShop(process.cwd(), {
    port,
    host,
    ...(postgres ? { databaseUrl: postgres.url } : { dataDir }),
  });
  const stop = shop.stop;
  shop.stop = async () => {
    const exit = await stop();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    return exit;
  };
  return { shop, paths };
}

// The command line and a fresh database take their time on a busy two-core machine.
const SLOW = 180_000;

describe("a staff member's first day (issue 30)", () => {
  const owner = `gestora-${Date.now()}@example.com`;
  let invited: { shop: RunningShop; paths: string[] } | undefined;
  beforeAll(async () => {
    invited = await shopWithInvitations([owner, `movil-${Date.now()}@example.com`]);
  }, SLOW);
  afterAll(async () => {
    await invited?.shop.stop();
  });
  const at = (path: string) => `${invited?.shop.baseUrl}${path}`;

  it(
    "is invited from the terminal, enrols the second factor, signs out and in again",
    async () => {
      const password = "faro azul y gatos robot";
      const page = await session.newPage();
      await page.goto(at(invited?.paths[0] ?? ""));
      const main = page.getByRole("main");
      expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe(
        "Únete a la gestión de Tienda Oficial Miaubot",
      );
      expect(await main.textContent()).toContain(owner);
      expect(await main.textContent()).toContain("Propietario");
      expect(await severeViolations(page)).toEqual([]);
      await main.getByLabel("Tu nombre").fill("Ana Gestora");
      await main.getByLabel("Contraseña").fill(password);
      await main.getByRole("button", { name: "Crear mi cuenta" }).click();

      // The enrolment: the QR code, the secret as text, the backup codes once, a first code.
      await main.getByRole("heading", { name: "Activa la verificación en dos pasos" }).waitFor();
      await main.getByRole("img", { name: /Código QR/ }).waitFor();
      const secret = (await page.locator("#totp-secret").textContent()) ?? "";
      expect(secret).toMatch(/^[A-Z2-7 ]+$/);
      const backupCodes = main.getByRole("list", { name: "Códigos de recuperación" }).getByRole("listitem");
      expect(await backupCodes.count()).toBeGreaterThan(4);
      expect(await severeViolations(page)).toEqual([]);
      await screenshot(page, "enrolment-1280");
      await main.getByLabel("Código de 6 cifras").fill("000000");
      await main.getByRole("button", { name: "Confirmar y entrar" }).click();
      await expect.poll(() => main.getByRole("alert").textContent()).toContain("El código no es correcto");
      await main.getByLabel("Código de 6 cifras").fill(codeFor(secret));
      await main.getByRole("button", { name: "Confirmar y entrar" }).click();

      await page.waitForURL(at("/gestion"));
      await main.getByRole("heading", { name: "Hola, Ana Gestora" }).waitFor();
      expect(await main.textContent()).toContain("Propietario");
      expect(await severeViolations(page)).toEqual([]);
      await screenshot(page, "landing-1280");

      await page.getByRole("banner").getByRole("button", { name: "Cerrar sesión" }).click();
      await page.waitForURL(at("/gestion/entrar"));
      // Signed out on the server too: the landing page sends the next visit to sign in.
      await page.goto(at("/gestion"));
      expect(page.url()).toBe(at("/gestion/entrar"));

      await main.getByLabel("Correo electrónico").fill(owner);
      await main.getByLabel("Contraseña").fill(password);
      await main.getByRole("button", { name: "Continuar" }).click();
      const code = main.getByLabel("Código de 6 cifras");
      await code.waitFor();
      // The step after the password takes the focus: the keyboard goes on from there.
      expect(await code.evaluate((input) => input === document.activeElement)).toBe(true);
      await code.fill(codeFor(secret));
      await code.press("Enter");
      await page.waitForURL(at("/gestion"));
      await main.getByRole("heading", { name: "Hola, Ana Gestora" }).waitFor();
      expect(session.errors).toEqual([]);
    },
    SLOW,
  );

  it(
    "enrols on a phone too",
    async () => {
      const page = await session.newPage({ mobile: true });
      await page.goto(at(invited?.paths[1] ?? ""));
      const main = page.getByRole("main");
      await main.getByLabel("Tu nombre").fill("Rui Móvil");
      await main.getByLabel("Contraseña").fill("gatos robot en el faro");
      await main.getByRole("button", { name: "Crear mi cuenta" }).click();
      await main.getByRole("img", { name: /Código QR/ }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, "enrolment-390");
    },
    SLOW,
  );
});
