import { describe, expect, it } from "vitest";
import { setUpBrowser } from "./support/browser.ts";

const session = setUpBrowser();

describe("product page", () => {
  it("switches the main picture from the thumbnails and opens the zoom view", async () => {
    const page = await session.newPage();
    await page.goto("/detalle/1");
    const thumbs = page.getByRole("button", { name: /^Ver la imagen/ });
    expect(await thumbs.count()).toBeGreaterThan(1);
    const mainImage = page.getByRole("button", { name: "Ampliar la imagen" }).locator("img");
    const before = await mainImage.getAttribute("src");
    await thumbs.nth(1).click();
    await expect.poll(() => mainImage.getAttribute("src")).not.toBe(before);
    expect(await thumbs.nth(1).getAttribute("aria-pressed")).toBe("true");

    await page.getByRole("button", { name: "Ampliar la imagen" }).click();
    const dialog = page.locator("dialog[open]");
    await expect.poll(() => dialog.count()).toBe(1);
    await dialog.locator("img").click();
    await expect
      .poll(() => dialog.locator("img").evaluate((img) => getComputedStyle(img).transform))
      .not.toBe("none");
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it("shows a neutral placeholder, never a broken image, when a picture fails", async () => {
    const page = await session.newPage();
    await page.route("**/media/products/**", (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/detalle/1");
    const gallery = page.getByRole("button", { name: "Ampliar la imagen" });
    await expect.poll(() => gallery.locator("img").count()).toBe(0);
    expect(await gallery.getByRole("img").count()).toBe(1);
  });

  it("shows the stock state next to the price", async () => {
    const page = await session.newPage();
    await page.goto("/detalle/1");
    const label = page
      .locator("main")
      .getByText(/^(En stock|Últimas unidades|Agotado)$/)
      .first();
    expect(await label.textContent()).toBe("En stock");
  });
});

describe("footer and badge", () => {
  it("toggles the buyer-protection menu with its dots button", async () => {
    const page = await session.newPage();
    await page.goto("/");
    const dots = page.getByRole("button", { name: "Más información sobre la protección al comprador" });
    expect(await dots.getAttribute("aria-expanded")).toBe("false");
    await dots.click();
    await expect.poll(() => page.locator("#buyer-protection-menu").isVisible()).toBe(true);
    await dots.click();
    await expect.poll(() => page.locator("#buyer-protection-menu").count()).toBe(0);
  });

  it("states the current year and opens sister sites in a new tab", async () => {
    const page = await session.newPage();
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()}`);
    const sister = footer.getByRole("link", { name: /Astrocan/ });
    expect(await sister.getAttribute("target")).toBe("_blank");
    expect(await sister.getAttribute("rel")).toContain("noopener");
  });

  it("says on every page that nothing is charged while the test cards take the payments", async () => {
    const page = await session.newPage();
    for (const path of ["/", "/detalle/1", "/login", "/footer/envios?lang=pt"]) {
      await page.goto(path);
      const notice = page.getByText(
        /^(Tienda en modo de pruebas: no se cobra nada|Loja em modo de testes: nada é cobrado)$/,
      );
      expect(await notice.isVisible(), path).toBe(true);
    }
  });

  it("links the brand's accounts on the real social networks", async () => {
    const page = await session.newPage();
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const hosts: Record<string, string> = {
      YouTube: "www.youtube.com",
      Instagram: "www.instagram.com",
      Facebook: "www.facebook.com",
      Twitter: "x.com",
    };
    for (const [network, host] of Object.entries(hosts)) {
      const href = await footer.getByRole("link", { name: new RegExp(network) }).getAttribute("href");
      expect(new URL(href ?? "").host, network).toBe(host);
    }
  });

  it("answers a missing script or picture with a plain 404, never a page or a redirect", async () => {
    const page = await session.newPage();
    for (const path of ["/assets/does-not-exist.js", "/media/products/0/nada-640.avif"]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
      expect(response.headers()["content-type"], path).toContain("text/plain");
    }
  });
});
