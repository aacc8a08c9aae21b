import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { CHROMIUM_LAUNCH } from "./chromium.ts";

export const baseUrl = () => inject("baseUrl");

export type BrowserSession = {
  /** A new page in a fresh context (no cookies), with page errors and hydration mismatches collected. */
  newPage(options?: { mobile?: boolean; timezoneId?: string }): Promise<Page>;
  errors: string[];
};

/** One Chromium for the test file; every page gets its own context. */
export function setUpBrowser(): BrowserSession {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  beforeAll(async () => {
    browser = await chromium.launch(CHROMIUM_LAUNCH);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });
  return {
    errors,
    async newPage({ mobile = false, timezoneId }: { mobile?: boolean; timezoneId?: string } = {}) {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
        isMobile: mobile,
        hasTouch: mobile,
        locale: "es-ES",
        ...(timezoneId ? { timezoneId } : {}),
      });
      contexts.push(context);
      const page = await context.newPage();
      page.on("pageerror", (error) => errors.push(error.message));
      // entry-client reports a page that had to be rebuilt because it differed from the server's HTML.
      page.on("console", (message) => {
        if (message.text().startsWith("Recovered during hydration")) errors.push(message.text());
      });
      return page;
    },
  };
}
