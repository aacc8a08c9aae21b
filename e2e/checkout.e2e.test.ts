import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpBrowser } from "./support/browser.ts";
import { waitForMail } from "./support/outbox.ts";
import { registerShopper } from "./support/register.ts";

const session = setUpBrowser();

/** Adds one unit from the product page and waits for the header badge to show `badge`. */
async function addToCart(page: Page, productId: number, badge: string) {
  await page.goto(`/detalle/${productId}`);
  await page.getByRole("button", { name: "Añadir al carrito" }).click();
  await expect.poll(() => page.getByTestId("cart-badge").textContent()).toBe(badge);
}

/** Types a test card in the payment panel of /checkout/fin and pays with it. */
async function payWithCard(page: Page, number: string) {
  const main = page.locator("main");
  await main.getByLabel("Titular de la tarjeta").fill("Olga Pino");
  await main.getByLabel("Número de tarjeta").fill(number);
  await main.getByLabel("Caducidad (MM/AA)").fill("12/30");
  await main.getByLabel("Código de seguridad (CVC)").fill("123");
  await main.getByRole("button", { name: /^Pagar / }).click();
}

describe("checkout", () => {
  it("buys a toy and a book with the welcome coupon: address, tax id, shipping, the order, a refused card then a paying one, its invoice, and cancels it", async () => {
    const page = await session.newPage();
    const main = page.locator("main");
    await registerShopper(page, { name: "Olga", lastName: "Pino", email: "olga.checkout@example.com" });
    await addToCart(page, 3, "1");
    await addToCart(page, 36, "2");

    await page.goto("/checkout");
    // Step 2: a first address, saved from the checkout itself.
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
    await main.getByRole("button", { name: "Continuar" }).click();

    // Step 3: the invoice name comes from the personal data; an invalid tax id is refused.
    expect(await main.getByLabel("Apellidos").inputValue()).toBe("Pino");
    await main.getByRole("checkbox", { name: /Quiero factura con NIF/ }).check();
    await main.getByLabel("NIF / CIF / NIE o NIF portugués").fill("12345678A");
    await main.getByRole("button", { name: "Continuar" }).click();
    await expect.poll(() => main.getByText("Ese NIF no es válido").isVisible()).toBe(true);
    await main.getByLabel("NIF / CIF / NIE o NIF portugués").fill("12345678Z");
    await main.getByRole("button", { name: "Continuar" }).click();

    // Step 4: express shipping to the peninsula; the summary follows.
    await main.getByText("Envío urgente").click();
    const summary = main.getByRole("complementary", { name: "Resumen del pedido" });
    await expect.poll(() => summary.textContent()).toMatch(/Envío8,95\s€/);
    await main.getByRole("button", { name: "Continuar" }).click();

    // Step 5: an unknown coupon gets its own message.
    await main.getByLabel("Código del cupón").fill("NOEXISTE");
    await main.getByRole("button", { name: "Aplicar" }).click();
    await expect.poll(() => main.getByText("No conocemos ese cupón").isVisible()).toBe(true);
    // The welcome coupon every new account gets takes 10 % off the goods.
    await main.getByLabel("Código del cupón").fill("bienvenida10");
    await main.getByRole("button", { name: "Aplicar" }).click();
    await expect.poll(() => main.getByText("Cupón BIENVENIDA10 aplicado.").isVisible()).toBe(true);
    await expect.poll(() => summary.textContent()).toMatch(/Descuento−1,89\s€/);
    await main.getByRole("button", { name: "Continuar", exact: true }).click();

    // Step 6: the last look, and the order placed, awaiting payment (decision 034).
    const review = await main.locator("[aria-current=step]").textContent();
    // Intl puts a no-break space before the euro sign.
    expect(review).toMatch(/Total25,96\s€/);
    expect(review).toContain("IVA incluido (4 %)");
    await main.getByRole("button", { name: "Confirmar y pagar" }).click();
    await page.waitForURL(/\/checkout\/fin\?pedido=/);
    const orderId = new URL(page.url()).searchParams.get("pedido") ?? "";
    await main.getByRole("heading", { name: "Paga tu pedido" }).waitFor();
    await expect.poll(() => page.getByTestId("cart-badge").count()).toBe(0);

    // Paying: a card without funds is declined (told as any refusal: card testers learn nothing),
    // the order keeps waiting, another card pays it.
    await payWithCard(page, "4000 0000 0000 9995");
    await expect
      .poll(() => main.getByRole("alert").filter({ hasText: "La tarjeta ha sido rechazada" }).isVisible())
      .toBe(true);
    const pending = await page.request.get(`/api/orders/${orderId}`);
    expect(await pending.json()).toMatchObject({ status: "pendiente-pago", number: null });
    await payWithCard(page, "4242 4242 4242 4242");

    await main.getByRole("heading", { name: "¡Gracias! Tu pedido está hecho" }).waitFor();
    await expect.poll(() => main.textContent()).toMatch(/Número de pedido:\s*\d{4}-\d{6}/);
    const confirmation = await waitForMail("olga.checkout@example.com", /Subject: Tu pedido \d{4}-\d{6}/);
    expect(confirmation).toContain("Libro Miaubot y la ciudad de las nubes");

    await main.getByRole("link", { name: "Ver el pedido y la factura" }).click();
    await page.waitForURL(/\/detalle\/compra\//);
    await expect.poll(() => main.textContent()).toContain("Carrer de Mallorca 401");
    const detail = (await main.textContent()) ?? "";
    expect(detail).toContain("Libro Miaubot y la ciudad de las nubes");
    expect(detail).toMatch(/Descargar la factura F\d{4}-\d{6}/);
    const download = page.waitForEvent("download");
    await main.getByRole("link", { name: /Descargar la factura/ }).click();
    const file = await (await download).path();
    expect((await readFile(file)).subarray(0, 5).toString()).toBe("%PDF-");
    expect(detail).toContain("Forma de pago: Tarjeta ···· 4242");

    // Bought before, one click to buy again.
    const orderPage = page.url();
    await page.goto("/comprasRealizadas");
    await main
      .getByRole("button", { name: "Volver a comprar Libro Miaubot y la ciudad de las nubes" })
      .click();
    await expect.poll(() => page.getByTestId("cart-badge").textContent()).toBe("1");
    expect(await main.getByRole("button", { name: /^Volver a comprar / }).count()).toBe(2);
    await page.goto(orderPage);

    // Cancelling before it ships: refund, credit note, and the order page says so.
    await main.getByRole("button", { name: "Cancelar el pedido" }).click();
    await page.getByRole("button", { name: "Sí, cancelar" }).click();
    await expect
      .poll(() => page.getByText(/Pedido cancelado\. Te devolvemos 25,96\s€/).isVisible())
      .toBe(true);
    await expect
      .poll(() => main.getByRole("link", { name: /Descargar la factura de abono A\d{4}-\d{6}/ }).count())
      .toBe(1);
    expect(await main.getByRole("button", { name: "Cancelar el pedido" }).count()).toBe(0);

    await page.goto("/pedidos");
    const row = main.getByRole("link", { name: /Pedido \d{4}-\d{6}/ });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain("Cancelado");
    await page.goto("/abono");
    await expect.poll(() => main.getByText(/Factura de abono A\d{4}-\d{6}/).count()).toBe(1);
    expect(session.errors).toEqual([]);
  });

  it("shows someone else's order, or a made-up one, as not found", async () => {
    const page = await session.newPage();
    await registerShopper(page, { email: "nosy.checkout@example.com" });
    await page.goto("/detalle/compra/00000000-0000-4000-8000-000000000000");
    await expect.poll(() => page.locator("main").textContent()).toContain("No encontramos ese pedido");
    await page.goto("/detalle/compra/not-an-id");
    await expect.poll(() => page.locator("main").textContent()).toContain("No encontramos ese pedido");
  });
});
