import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { severeViolations } from "./support/axe.ts";
import { type ShopWithOwner, startShopWithOwner } from "./support/back-office-shop.ts";
import { setUpBrowser } from "./support/browser.ts";
import { mailsTo, waitForMail } from "./support/outbox.ts";
import { ownerOf } from "./support/own-shop-order.ts";

const session = setUpBrowser();

// The command line and a fresh database take their time on a busy two-core machine.
const SLOW = 240_000;

/** A link of the shop to `path` in a mail (with its token), as the mail carries it. */
function linkIn(mail: string, path: string): string {
  const found = new RegExp(`https?://[^\\s"<>]+${path.replace(/\//g, "\\/")}\\?token=[\\w-]+`).exec(mail);
  if (!found) throw new Error(`No ${path} link in:\n${mail}`);
  return found[0];
}

describe("the back office's newsletter (issue 32)", () => {
  const stamp = Date.now();
  const owner = `duena-boletin-${stamp}@example.com`;
  const reader = `lectora-${stamp}@example.com`;
  const waiting = `pendiente-${stamp}@example.com`;
  let own: ShopWithOwner | undefined;
  beforeAll(async () => {
    own = await startShopWithOwner("boletin", owner);
  }, SLOW);
  afterAll(async () => {
    await own?.shop.stop();
  });
  const at = (path: string) => own?.at(path) ?? path;

  /** The page fits a 390 px phone without sideways scrolling; a picture of it for the record. */
  async function onAPhone(page: Page, picture: string) {
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: picture, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  /** Asks to subscribe as the shop's footer does; with `confirm`, follows the mailed link and presses its button. */
  async function subscribe(page: Page, email: string, confirm: boolean) {
    const asked = await page.request.post(at("/api/newsletter"), {
      data: { email, consent: true, locale: "es" },
      headers: { origin: own?.shop.baseUrl ?? "" },
    });
    expect(asked.status()).toBe(202);
    if (!confirm) return;
    const mail = await waitForMail(email, /newsletter\/confirmar\?token=/, own?.outbox());
    await page.goto(linkIn(mail, "/newsletter/confirmar"), { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Confirmar suscripción" }).click();
    await expect.poll(() => page.locator("h1").textContent()).toBe("¡Suscripción confirmada!");
  }

  it(
    "the owner writes and sends an issue; the confirmed subscriber's mail unsubscribes them",
    async () => {
      if (!own) throw new Error("the shop did not start");
      const visitor = await session.newPage();
      await subscribe(visitor, reader, true);
      await subscribe(visitor, waiting, false);

      const { page } = await ownerOf(() => session.newPage(), own);
      const main = page.getByRole("main");
      await page.goto(at("/gestion"));
      await page
        .getByRole("navigation", { name: "Secciones" })
        .getByRole("link", { name: "Boletín" })
        .click();
      await main.getByRole("heading", { name: "Boletín", level: 1 }).waitFor();
      const readerRow = main.getByRole("row", { name: new RegExp(reader) });
      await expect.poll(() => readerRow.textContent()).toMatch(/EspañolConfirmado/);
      expect(await main.getByRole("row", { name: new RegExp(waiting) }).textContent()).toMatch(
        /Pendiente de confirmar/,
      );
      // The CSV the link downloads holds both.
      const csvHref = await main.getByRole("link", { name: /Descargar CSV/ }).getAttribute("href");
      const csv = await (await page.request.get(at(csvHref ?? ""))).text();
      expect(csv).toContain(`${reader},es,confirmado,`);
      expect(csv).toContain(`${waiting},es,pendiente,`);
      expect(await severeViolations(page)).toEqual([]);
      await onAPhone(page, "/tmp/back-office-newsletter-390.png");

      // Write: a field left empty is named; then both languages.
      await main
        .getByRole("navigation", { name: "Boletín" })
        .getByRole("link", { name: "Escribir un boletín" })
        .click();
      await main.getByRole("heading", { name: "Escribir un boletín", level: 1 }).waitFor();
      await main.getByLabel("Asunto en español").fill(`Novedades Miaubot ${stamp}`);
      await main.getByRole("button", { name: "Ver la vista previa" }).click();
      await main.getByText("Escribe el texto del boletín.").first().waitFor();
      await main.getByLabel("Texto en español").fill("Llega la nueva temporada.\n\nCon mochilas nuevas.");
      await main.getByLabel("Asunto en portugués").fill(`Novidades Miaubot ${stamp}`);
      await main.getByLabel("Texto en portugués").fill("Chega a nova temporada.\n\nCom mochilas novas.");
      expect(await severeViolations(page)).toEqual([]);
      await main.getByRole("button", { name: "Ver la vista previa" }).click();

      // The confirmation: the mail as it will be read, and to how many; nothing sent yet.
      await main.getByRole("heading", { name: "Vista previa" }).waitFor();
      await main.getByText(/Se enviará a 1 suscriptor confirmado: 1 en español y 0 en portugués/).waitFor();
      expect(await main.getByRole("region", { name: /^Español: Novedades Miaubot/ }).textContent()).toContain(
        "Con mochilas nuevas.",
      );
      expect(await severeViolations(page)).toEqual([]);
      await onAPhone(page, "/tmp/back-office-newsletter-preview-390.png");
      expect(await mailsTo(reader, new RegExp(`Novedades Miaubot ${stamp}`), own.outbox())).toBe(0);
      await main.getByRole("button", { name: "Enviar a 1 suscriptor" }).click();

      // Sent: its own page, and the list of issues sent.
      await main.getByRole("heading", { name: `Novedades Miaubot ${stamp}`, level: 1 }).waitFor();
      expect(page.url()).toMatch(/\/gestion\/boletin\/enviados\/[0-9a-f-]{36}$/);
      await main.getByText("1 suscriptor confirmado").waitFor();

      // The reader's mail, with their own unsubscribe link; the pending address gets none.
      const mail = await waitForMail(reader, new RegExp(`Subject: Novedades Miaubot ${stamp}`), own.outbox());
      expect(mail).toContain("Llega la nueva temporada.");
      expect(mail).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
      expect(await mailsTo(waiting, /Novedades Miaubot/, own.outbox())).toBe(0);

      // Following the link and pressing its button unsubscribes.
      await visitor.goto(linkIn(mail, "/newsletter/baja"), { waitUntil: "domcontentloaded" });
      await visitor.getByRole("button", { name: "Darme de baja" }).click();
      await expect.poll(() => visitor.locator("h1").textContent()).toBe("Te has dado de baja");

      await page.goto(at(`/gestion/boletin?q=${encodeURIComponent(reader)}`));
      await main.getByText("Ningún suscriptor coincide con la búsqueda.").waitFor();
      await page.goto(at("/gestion/boletin/enviados"));
      const sent = main.getByRole("row", { name: new RegExp(`Novedades Miaubot ${stamp}`) });
      await expect.poll(() => sent.textContent()).toMatch(new RegExp(`${owner}1 suscriptor`));
      expect(session.errors).toEqual([]);
    },
    SLOW,
  );
});
