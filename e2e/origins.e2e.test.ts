import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { baseUrl, setUpBrowser } from "./support/browser.ts";
import { registerShopper } from "./support/register.ts";
import { type RunningShop, startShop } from "./support/start-shop.ts";

const session = setUpBrowser();
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** Another origin of the same site (same host, another port): its forms carry SameSite=Lax cookies. */
async function startOtherOrigin(html: string): Promise<string> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://${new URL(baseUrl()).hostname}:${(server.address() as AddressInfo).port}`;
}

describe("the addresses the shop is reached at", () => {
  it("still refuses a write posted from another origin with the shopper's cookies", async () => {
    const page = await session.newPage();
    await registerShopper(page, { email: `origen-${Date.now()}@example.com` });
    const other = await startOtherOrigin(
      `<!doctype html><form method="post" action="${baseUrl()}/api/cart/3">` +
        `<input name="cantidad" value="5"><button>Enviar</button></form>`,
    );
    await page.goto(other, { waitUntil: "domcontentloaded" });
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/cart/3"));
    await page.getByRole("button", { name: "Enviar" }).click();
    expect((await answer).status()).toBe(403);
    const cart = await page.request.get(`${baseUrl()}/api/cart`);
    expect(((await cart.json()) as { totalQuantity: number }).totalQuantity).toBe(0);
  });

  it("with PUBLIC_URL set, tells a shopper who opened it elsewhere where it lives, in their language", async () => {
    const publicUrl = "https://tienda-miaubot.example";
    const shop: RunningShop = await startShop(process.cwd(), { env: { PUBLIC_URL: publicUrl } });
    cleanups.push(() => shop.stop());
    const page = await session.newPage();
    await page.goto(`${shop.baseUrl}/register`);
    const notice = page.getByRole("status").filter({ hasText: "Esta tienda funciona en" });
    await expect.poll(() => notice.textContent()).toContain(publicUrl);
    const main = page.locator("main");
    await main.getByLabel("Nombre", { exact: true }).fill("Ana");
    await main.getByLabel("Apellidos").fill("García");
    await main.getByLabel("Correo electrónico").fill("otra-direccion@example.com");
    await main.getByLabel("Contraseña", { exact: true }).fill("Gato-Robot-Azul-2026");
    await main.getByLabel("Repite la contraseña").fill("Gato-Robot-Azul-2026");
    await main.getByRole("checkbox", { name: /acepto las/ }).check();
    await main.getByRole("button", { name: "Crear cuenta" }).click();
    await expect
      .poll(() => main.getByRole("alert").textContent())
      .toBe(
        `Esta tienda funciona en ${publicUrl}. Ábrela en esa dirección para suscribirte, entrar o comprar.`,
      );
  });
});
