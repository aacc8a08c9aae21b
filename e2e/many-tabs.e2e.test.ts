import type { BrowserContext, Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, setUpBrowser } from "./support/browser.ts";
import { registerShopper } from "./support/register.ts";

const session = setUpBrowser();

/**
 * What a person waits for: the page drawn and answering to clicks. Hanging pages never get there;
 * the margin is for a loaded two-core CI machine running two browsers (about a second each when
 * idle), not a speed figure (those are `npm run bench`'s).
 */
const INTERACTIVE_MS = 10_000;

async function openInteractive(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: "commit", timeout: INTERACTIVE_MS });
  await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: INTERACTIVE_MS });
}

/** The /api/events streams this browser context holds open right now (a closed tab holds none). */
function countOpenStreams(context: BrowserContext): () => number {
  const open = new Set<Request>();
  const isStream = (request: Request) => new URL(request.url()).pathname === "/api/events";
  context.on("request", (request) => {
    if (isStream(request)) open.add(request);
  });
  context.on("requestfinished", (request) => open.delete(request));
  context.on("requestfailed", (request) => open.delete(request));
  const forget = (page: Page) =>
    page.on("close", () => {
      for (const request of open) if (request.frame().page() === page) open.delete(request);
    });
  context.pages().forEach(forget);
  context.on("page", forget);
  return () => open.size;
}

const shopPaths = [
  "/",
  "/categoria/Juguete",
  "/detalle/1",
  "/wishlist",
  "/checkout",
  "/producto/peluche",
  "/footer/envios",
  "/login",
  "/categoria/Pelicula",
  "/detalle/7",
];

describe("a signed-in shopper in a real browser (back/forward cache on)", () => {
  it("opens the shop in 8 tabs, every one interactive, sharing one live stream that still reaches every tab and a second browser", async () => {
    const first = await session.newPage();
    const context = first.context();
    const openStreams = countOpenStreams(context);
    await registerShopper(first, { email: `tabs-${Date.now()}@example.com` });
    const tabs = [first];
    for (const path of shopPaths.slice(0, 7)) {
      const tab = await context.newPage();
      await openInteractive(tab, path);
      tabs.push(tab);
    }
    // Six tabs used to be the end: each held its own stream, and a browser opens six per host.
    await expect.poll(openStreams).toBe(1);

    const other = await session.newPage();
    await other.context().addCookies(await context.cookies());
    await openInteractive(other, "/");

    const last = tabs.at(-1) as Page;
    await openInteractive(last, "/detalle/3");
    await last.getByRole("button", { name: "Añadir al carrito" }).click();
    for (const tab of [...tabs, other]) {
      await expect.poll(() => tab.getByTestId("cart-badge").textContent(), { timeout: 5000 }).toBe("1");
    }
    // Closing the tab that holds the stream hands it to another: changes still arrive.
    for (const tab of tabs.slice(0, -1)) await tab.close();
    await expect.poll(openStreams).toBe(1);
    const added = await last.request.post("/api/cart/3", {
      data: { cantidad: 2 },
      headers: { origin: baseUrl() },
    });
    expect(added.status()).toBe(200);
    // Two more of the same product: three in all.
    await expect.poll(() => last.getByTestId("cart-badge").textContent(), { timeout: 5000 }).toBe("3");
    await expect.poll(() => other.getByTestId("cart-badge").textContent(), { timeout: 5000 }).toBe("3");
  });

  it("loads and reloads ten times in a row, and restores pages from the back/forward cache with the cart badge right", async () => {
    const page = await session.newPage();
    const openStreams = countOpenStreams(page.context());
    await registerShopper(page, { email: `bfcache-${Date.now()}@example.com` });
    for (const path of shopPaths.slice(0, 5)) await openInteractive(page, path);
    for (let i = 0; i < 5; i++) {
      await page.reload({ waitUntil: "commit", timeout: INTERACTIVE_MS });
      await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: INTERACTIVE_MS });
    }
    // Cached pages let go of their stream: only the page on screen holds one.
    await expect.poll(openStreams).toBe(1);

    await openInteractive(page, "/detalle/2");
    await page.evaluate(() => {
      (window as Window & { keptAlive?: boolean }).keptAlive = true;
    });
    await openInteractive(page, "/footer/envios");
    // While the product page sits in the cache, the cart changes elsewhere.
    const added = await page.request.post("/api/cart/5", {
      data: { cantidad: 3 },
      headers: { origin: baseUrl() },
    });
    expect(added.status()).toBe(200);
    await expect.poll(() => page.getByTestId("cart-badge").textContent(), { timeout: 5000 }).toBe("3");

    await page.goBack({ waitUntil: "commit" });
    await expect.poll(() => page.evaluate(() => location.pathname)).toBe("/detalle/2");
    // The very same document came back (the cache is on and the page is allowed in it)...
    expect(await page.evaluate(() => (window as Window & { keptAlive?: boolean }).keptAlive)).toBe(true);
    // ...and it catches up with what changed meanwhile, and listens again.
    await expect.poll(() => page.getByTestId("cart-badge").textContent(), { timeout: 5000 }).toBe("3");
    await expect.poll(openStreams).toBe(1);
    await page.goForward({ waitUntil: "commit" });
    await expect.poll(() => page.evaluate(() => location.pathname)).toBe("/footer/envios");
    await expect.poll(() => page.getByTestId("cart-badge").textContent()).toBe("3");
    expect(session.errors).toEqual([]);
  });
});
