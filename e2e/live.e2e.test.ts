import { describe, expect, it } from "vitest";
import { setUpBrowser } from "./support/browser.ts";
import { registerShopper } from "./support/register.ts";

const session = setUpBrowser();

describe("live across tabs", () => {
  it("shows a cart and wish-list change made in one context in a second one of the same user", async () => {
    const first = await session.newPage();
    await registerShopper(first, { name: "Lía", lastName: "Sol", email: "lia.live@example.com" });

    // A second browser context (another device) signed in as the same shopper.
    const second = await session.newPage();
    await second.context().addCookies(await first.context().cookies());
    await second.goto("/wishlist");
    await expect
      .poll(() => second.getByText("Todavía no has guardado ningún producto").isVisible())
      .toBe(true);

    await first.goto("/detalle/3");
    await first.getByRole("button", { name: "Añadir a mi lista de deseos" }).click();
    await first.getByRole("button", { name: "Añadir al carrito" }).click();

    await expect.poll(() => second.locator("main li").count(), { timeout: 5000 }).toBe(1);
    await expect.poll(() => second.getByTestId("cart-badge").textContent(), { timeout: 5000 }).toBe("1");
  });
});
