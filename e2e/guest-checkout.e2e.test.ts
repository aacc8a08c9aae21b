import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { madridAddress } from "#server/testing/order-fixtures.ts";
import { baseUrl, setUpBrowser } from "./support/browser.ts";
import { waitForMail } from "./support/outbox.ts";
import { registerShopper } from "./support/register.ts";
import { placeOrder } from "./support/shopper-api.ts";

const session = setUpBrowser();

/** The signed order link in a mail, as a path of the shop under test (decision 032). */
function orderLinkIn(mail: string): string {
  const link = mail.match(/\/pedido\/[0-9a-f-]{36}\?clave=[\w.-]+/)?.[0];
  if (!link) throw new Error(`No order link in:\n${mail}`);
  return link;
}

/** A visitor adds a product from its page and chooses to buy as a guest. */
async function addAsGuest(page: Page, productId: number) {
  await page.goto(`/detalle/${productId}`);
  await page.getByRole("button", { name: "Añadir al carrito" }).click();
  await page.getByRole("dialog", { name: "¿Cómo quieres comprar?" }).waitFor();
  await page.getByRole("button", { name: "Comprar como invitado" }).click();
  // A guest session made, then the wanted product added: two requests, slow on a busy machine.
  await expect.poll(() => page.getByTestId("cart-badge").textContent(), { timeout: 10_000 }).toBe("1");
}

describe("buying as a guest", () => {
  it("pays without an account, opens the order from the mail's link, then keeps it in a new account", async () => {
    const page = await session.newPage();
    const main = page.locator("main");
    await addAsGuest(page, 3);

    await page.goto("/checkout");
    await main.getByLabel("Nombre", { exact: true }).fill("Olga");
    await main.getByLabel("Apellidos").fill("Pino");
    await main.getByLabel("Calle y número").fill("Carrer de Mallorca 401");
    await main.getByLabel("Código postal").fill("08013");
    await main.getByLabel("Localidad").fill("Barcelona");
    await main.getByLabel("Teléfono de contacto").fill("612 345 678");
    await main.getByRole("button", { name: "Guardar la dirección" }).click();
    await expect
      .poll(() => main.getByRole("radio", { name: /Carrer de Mallorca 401/ }).isChecked())
      .toBe(true);
    await main.getByRole("button", { name: "Continuar", exact: true }).click();

    // The invoice step asks a guest for the email the order goes to.
    await main.getByRole("button", { name: "Continuar", exact: true }).click();
    await expect.poll(() => main.getByText("Escribe tu correo electrónico").isVisible()).toBe(true);
    await main.getByLabel("Correo electrónico").fill("olga.invitada@example.com");
    await main.getByLabel("Nombre", { exact: true }).fill("Olga");
    await main.getByLabel("Apellidos").fill("Pino");
    await main.getByRole("button", { name: "Continuar", exact: true }).click();
    await main.getByRole("button", { name: "Continuar", exact: true }).click();
    await main.getByRole("button", { name: "Continuar sin cupón" }).click();
    await main.getByRole("button", { name: "Confirmar y pagar" }).click();

    // The order is placed, awaiting payment; the guest pays it on /checkout/fin.
    await page.waitForURL(/\/checkout\/fin\?pedido=/);
    const orderId = new URL(page.url()).searchParams.get("pedido") ?? "";
    await main.getByLabel("Titular de la tarjeta").fill("Olga Pino");
    await main.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
    await main.getByLabel("Caducidad (MM/AA)").fill("12/30");
    await main.getByLabel("Código de seguridad (CVC)").fill("123");
    await main.getByRole("button", { name: /^Pagar / }).click();
    await expect.poll(() => main.textContent()).toMatch(/Número de pedido:\s*\d{4}-\d{6}/);
    const number = ((await main.textContent()) ?? "").match(/\d{4}-\d{6}/)?.[0] ?? "";
    expect(await main.getByRole("heading", { name: "¿Guardas tu pedido en una cuenta?" }).count()).toBe(1);
    await expect.poll(() => page.getByTestId("cart-badge").count()).toBe(0);

    // The confirmation mail goes to the address given, with the order's signed link.
    const mail = await waitForMail("olga.invitada@example.com", new RegExp(`Subject: Tu pedido ${number}`));
    const link = orderLinkIn(mail);
    expect(link).toContain(orderId);

    // Whoever holds the link sees the order, read-only, without an account.
    const reader = await session.newPage();
    const opened = await reader.goto(link);
    expect(opened?.status()).toBe(200);
    await reader
      .locator("main")
      .getByRole("heading", { name: `Pedido ${number}` })
      .waitFor();
    expect(await reader.locator("main").textContent()).toContain("Carrer de Mallorca 401");
    expect(await reader.getByRole("button", { name: "Borrar mis datos" }).count()).toBe(1);

    // Another guest, in another browser, sees neither the order nor the first one's cart.
    const stranger = await session.newPage();
    await addAsGuest(stranger, 5);
    const headers = { origin: baseUrl() };
    expect((await stranger.request.get(`/api/orders/${orderId}`, { headers })).status()).toBe(404);
    const strangerCart = (await (await stranger.request.get("/api/cart")).json()) as {
      lines: { product: { id: number } }[];
    };
    expect(strangerCart.lines.map((line) => line.product.id)).toEqual([5]);
    const forged = link.replace(
      /clave=(\d+)\.(.)/,
      (_, expiry: string, first: string) => `clave=${expiry}.${first === "A" ? "B" : "A"}`,
    );
    const refused = await stranger.goto(forged);
    expect(refused?.status()).toBe(403);
    await stranger.locator("main").getByRole("heading", { name: "Este enlace no es válido" }).waitFor();
    expect(await stranger.locator("main").textContent()).not.toContain(number);
    await stranger.goto(`/detalle/compra/${orderId}`);
    await stranger.waitForURL((url) => url.pathname === "/");

    // Creating an account in the guest's browser keeps the order under /pedidos.
    await registerShopper(page, { name: "Olga", lastName: "Pino", email: "olga.invitada@example.com" });
    await page.goto("/pedidos");
    await expect.poll(() => main.getByRole("link", { name: new RegExp(`Pedido ${number}`) }).count()).toBe(1);
    // The link still opens it, now an account's.
    await reader.goto(link);
    await reader.locator("main").getByRole("link", { name: "Ver el pedido en mi cuenta" }).waitFor();
    expect(session.errors).toEqual([]);
  }, 120_000);

  it("forgets the guest in the tab that erased their data, without a reload", async () => {
    const page = await session.newPage();
    const main = page.locator("main");
    const headers = { origin: baseUrl() };
    await addAsGuest(page, 3);
    expect((await page.request.post("/api/addresses", { data: madridAddress, headers })).status()).toBe(201);
    const invoice = {
      name: "Eva",
      lastName: "Ruiz",
      company: "",
      taxId: "",
      email: "eva.invitada@example.com",
    };
    const order = await placeOrder(page, { invoice });
    const mail = await waitForMail(invoice.email, new RegExp(`Subject: Tu pedido ${order.number}`));
    // Something in the cart again, for the badge to show on the order's page.
    expect((await page.request.post("/api/cart/5", { data: { cantidad: 1 }, headers })).status()).toBe(200);

    await page.goto(orderLinkIn(mail));
    await expect.poll(() => page.getByTestId("cart-badge").textContent()).toBe("1");
    await main.getByRole("button", { name: "Borrar mis datos" }).click();
    await page.getByRole("button", { name: "Sí, borrar mis datos" }).click();
    await main.getByRole("heading", { name: "Hemos borrado tus datos" }).waitFor();
    await expect.poll(() => page.getByTestId("cart-badge").count()).toBe(0);
    // Still without a reload: the next product put in the cart asks again how to buy.
    await main.getByRole("link", { name: "Volver a la tienda" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await main.locator('a[href^="/detalle/"]').first().click();
    await page.waitForURL(/\/detalle\/\d+$/);
    await page.getByRole("button", { name: "Añadir al carrito" }).click();
    await page.getByRole("dialog", { name: "¿Cómo quieres comprar?" }).waitFor();
    expect(session.errors).toEqual([]);
  }, 60_000);

  it("keeps a guest's order in an account signed in on another device, from the mail's link", async () => {
    const phone = await session.newPage();
    const headers = { origin: baseUrl() };
    await addAsGuest(phone, 3);
    expect((await phone.request.post("/api/addresses", { data: madridAddress, headers })).status()).toBe(201);
    const invoice = {
      name: "Iker",
      lastName: "Sanz",
      company: "",
      taxId: "",
      email: "iker.movil@example.com",
    };
    const order = await placeOrder(phone, { invoice });
    const link = orderLinkIn(
      await waitForMail(invoice.email, new RegExp(`Subject: Tu pedido ${order.number}`)),
    );

    // Signed out, the link says how; signed in to an account (another address), it keeps the order.
    const laptop = await session.newPage();
    const main = laptop.locator("main");
    await laptop.goto(link);
    await main.getByText("¿Tienes una cuenta? Entra en ella y vuelve a abrir este enlace").waitFor();
    await registerShopper(laptop, { name: "Iker", email: `iker.portatil-${Date.now()}@example.com` });
    await laptop.goto(link);
    const keep = main.getByRole("button", { name: "Guardar este pedido en mi cuenta" });
    await keep.waitFor();
    await keep.click();
    await laptop.waitForURL((url) => url.pathname === `/detalle/compra/${order.id}`);
    await laptop.getByText("Hemos guardado el pedido en tu cuenta").waitFor();
    await laptop.goto("/pedidos");
    await main.getByText(order.number ?? "").waitFor();
    // The link now shows an account's order.
    await laptop.goto(link);
    await main.getByRole("link", { name: "Ver el pedido en mi cuenta" }).waitFor();
    expect(session.errors).toEqual([]);
  }, 60_000);
});
