import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { baseUrl, reachFooter, setUpBrowser } from "./support/browser.ts";
import { mailsTo, waitForMail } from "./support/outbox.ts";

const session = setUpBrowser();

async function openFooterForm() {
  const page = await session.newPage();
  await page.goto("/footer/quienes-somos");
  await reachFooter(page);
  const form = page.locator("form", { has: page.locator("#newsletter-email") });
  return {
    page,
    email: page.locator("#newsletter-email"),
    consent: form.getByRole("checkbox"),
    submit: form.getByRole("button"),
  };
}

async function popup(page: Page) {
  const title = page.locator(".swal2-title");
  await expect.poll(() => title.isVisible()).toBe(true);
  return {
    title: await title.textContent(),
    text: await page.locator(".swal2-html-container").textContent(),
  };
}

async function closePopup(page: Page) {
  await page.locator(".swal2-confirm").click();
  await expect.poll(() => page.locator(".swal2-popup").count()).toBe(0);
}

describe("newsletter", () => {
  it("asks for an email first, even with the box unticked", async () => {
    const { page, email, submit } = await openFooterForm();
    await email.fill("   ");
    await submit.click();
    expect(await popup(page)).toEqual({ title: "¡Error!", text: "Por favor ingresa tu correo electrónico" });
  });

  it.each(["ana", "ana@example", "a na@example.com", "ana@@example.com"])(
    "rejects the address %s",
    async (value) => {
      const { page, email, submit } = await openFooterForm();
      await email.fill(value);
      await submit.click();
      expect(await popup(page)).toEqual({
        title: "¡Email inválido!",
        text: "Por favor ingresa un correo electrónico válido",
      });
    },
  );

  it("requires the consent box", async () => {
    const { page, email, submit } = await openFooterForm();
    await email.fill("ana@example.com");
    await submit.click();
    const shown = await popup(page);
    expect(shown.title).toBe("¡Checkbox obligatorio!");
    expect(shown.text).toMatch(/obligatorio por ley/);
  });

  it("subscribes: submitting state, success popup with a timer, form cleared; twice is fine", async () => {
    const { page, email, consent, submit } = await openFooterForm();
    // Hold the request a moment to see the submitting state of spec §4.
    await page.route("**/api/newsletter", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await email.fill(" lucia@example.com ");
    await consent.check();
    await submit.click();
    await expect.poll(() => submit.textContent()).toBe("SUSCRIBIENDO...");
    expect(await email.isDisabled()).toBe(true);
    expect(await submit.evaluate((el) => getComputedStyle(el).opacity)).toBe("0.7");
    expect(await submit.evaluate((el) => getComputedStyle(el).cursor)).toBe("not-allowed");
    await submit.click({ force: true });

    const shown = await popup(page);
    expect(shown.title).toBe("¡Ya casi está!");
    expect(await page.locator(".swal2-timer-progress-bar").count()).toBe(1);
    expect(await email.inputValue()).toBe("");
    expect(await consent.isChecked()).toBe(false);
    expect(await submit.textContent()).toBe("SUSCRIBIRME");
    // The popup closes itself after 4 s.
    await expect.poll(() => page.locator(".swal2-popup").count(), { timeout: 6000 }).toBe(0);

    await email.fill("LUCIA@example.com");
    await consent.check();
    await submit.click();
    expect((await popup(page)).title).toBe("¡Ya casi está!");
  });

  it("asks to wait when the server says there were too many tries", async () => {
    const { page, email, consent, submit } = await openFooterForm();
    await page.route("**/api/newsletter", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "too-many-requests", message: "Too many requests" } }),
      }),
    );
    await email.fill("ana@example.com");
    await consent.check();
    await submit.click();
    expect((await popup(page)).title).toBe("Demasiados intentos");
  });

  it("offers to retry when the server fails, and the retry subscribes", async () => {
    const { page, email, consent, submit } = await openFooterForm();
    let failures = 1;
    await page.route("**/api/newsletter", async (route) => {
      if (failures-- > 0) await route.fulfill({ status: 503, body: "down" });
      else await route.continue();
    });
    await email.fill("pedro@example.com");
    await consent.check();
    await submit.click();
    expect(await popup(page)).toEqual({
      title: "¡Oops! Algo salió mal",
      text: "Hubo un problema al procesar tu suscripción. Por favor intenta nuevamente.",
    });
    expect(await page.locator(".swal2-confirm").textContent()).toBe("Reintentar");
    await page.locator(".swal2-confirm").click();
    await expect.poll(() => page.locator(".swal2-title").textContent()).toBe("¡Ya casi está!");
    await closePopup(page);
  });

  it("mails a confirmation link, sends newsletters only once it is followed, and unsubscribes in one click", async () => {
    const address = `doble-${Date.now()}@example.com`;
    const { page, email, consent, submit } = await openFooterForm();
    await email.fill(address);
    await consent.check();
    await submit.click();
    expect((await popup(page)).title).toBe("¡Ya casi está!");
    const confirmation = await waitForMail(address, /newsletter\/confirmar\?token=/);
    const confirmLink = linkIn(confirmation, "/newsletter/confirmar");

    // Opening the link (as a mail scanner would) confirms nothing yet: the button does.
    const operator = operatorToken();
    const send = (subject: string) =>
      page.request.post("/api/operator/newsletter", {
        data: { subject, text: "Llega la nueva temporada de Miaubot." },
        headers: { authorization: `Bearer ${operator}` },
      });
    // Plain pages of their own, without the shop's script: nothing hydrates there.
    await page.goto(confirmLink, { waitUntil: "domcontentloaded" });
    expect(await page.locator("h1").textContent()).toBe("Confirma tu suscripción");
    await send("Antes de confirmar");
    await page.getByRole("button", { name: "Confirmar suscripción" }).click();
    await expect.poll(() => page.locator("h1").textContent()).toBe("¡Suscripción confirmada!");

    expect((await send("Novedades de noviembre")).status()).toBe(202);
    const issue = await waitForMail(address, /Subject: Novedades de noviembre/);
    expect(issue).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    expect(await mailsTo(address, /Antes de confirmar/)).toBe(0);

    // The mail program's one-click button: a POST with no page, no cookie, no origin.
    const unsubscribeLink = linkIn(issue, "/newsletter/baja");
    const oneClick = await fetch(unsubscribeLink, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    await page.goto(unsubscribeLink, { waitUntil: "domcontentloaded" });
    expect(await page.locator("h1").textContent()).toBe("Enlace no válido");
    await send("Después de la baja");
    expect(await mailsTo(address, /Después de la baja/)).toBe(0);
  });

  it("raises no page errors along the way (the popups' styles are allowed by the CSP)", () => {
    expect(session.errors).toEqual([]);
  });
});

/** The shop's link to `path` in a mail, at the address the tests reach the shop at. */
function linkIn(mail: string, path: string): string {
  const found = new RegExp(`https?://[^\\s"<>]+${path.replace(/\//g, "\\/")}\\?token=[\\w-]+`).exec(
    mail,
  )?.[0];
  if (!found) throw new Error(`No ${path} link in:\n${mail}`);
  const url = new URL(found);
  return `${baseUrl()}${url.pathname}${url.search}`;
}

function operatorToken(): string {
  return readFileSync(join(inject("outboxDir"), "..", "operator-token"), "utf8").trim();
}
