import { appendFileSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { CHROMIUM_LAUNCH } from "./chromium.ts";

export const baseUrl = () => inject("baseUrl");

export type BrowserSession = {
  /**
   * A new page in a fresh context (no cookies), with page errors, hydration mismatches and what the
   * Content-Security-Policy refused collected.
   */
  newPage(options?: PageOptions): Promise<Page>;
  errors: string[];
};

type PageOptions = {
  mobile?: boolean;
  timezoneId?: string;
  /** false: a browser with JavaScript off, where the shop must still work as plain HTML. */
  javaScript?: boolean;
};

/** One Chromium for the test file; every page gets its own context. */
export function setUpBrowser(): BrowserSession {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  beforeAll(async () => {
    browser = await chromium.launch(CHROMIUM_LAUNCH);
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === "fail") await tellWhatPagesShow(contexts, task.name);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });
  return {
    errors,
    async newPage({ mobile = false, timezoneId, javaScript = true }: PageOptions = {}) {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
        isMobile: mobile,
        hasTouch: mobile,
        locale: "es-ES",
        javaScriptEnabled: javaScript,
        ...(timezoneId ? { timezoneId } : {}),
      });
      contexts.push(context);
      const page = await context.newPage();
      page.on("pageerror", (error) => errors.push(error.message));
      // entry-client reports a page that had to be rebuilt because it differed from the server's HTML.
      page.on("console", (message) => {
        if (message.text().startsWith("Recovered during hydration")) errors.push(message.text());
        // Something the Content-Security-Policy refused (a script or style it does not allow).
        if (message.type() === "error" && message.text().includes("Content Security Policy")) {
          errors.push(message.text());
        }
      });
      if (javaScript) waitForHydrationOnLoad(page);
      return page;
    },
  };
}

/**
 * `page.goto` and `page.reload` return once the page has loaded, which is before its script has
 * made it interactive (`<html data-hydrated>`), and ever later as the shop defers its script. A
 * person sees a button and clicks it; a test clicking a JS-only button in that window loses the
 * click. So these two wait for the script too, unless the test asks for the bare HTML
 * (`waitUntil: "commit"` or "domcontentloaded"), as the tests of forms used before the script do.
 */
function waitForHydrationOnLoad(page: Page): void {
  const hydrated = () => page.waitForSelector("html[data-hydrated]", { state: "attached" });
  const early = (options?: { waitUntil?: string }) =>
    options?.waitUntil === "commit" || options?.waitUntil === "domcontentloaded";
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (!early(options) && response?.headers()["content-type"]?.startsWith("text/html")) await hydrated();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (!early(options)) await hydrated();
    return response;
  };
}

/**
 * Brings the footer into view and waits until its script answers (`<footer data-hydrated>`): the
 * shop hydrates it only once it nears the viewport (issue 13), and until then its newsletter form
 * posts as plain HTML.
 */
export async function reachFooter(page: Page): Promise<void> {
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await page.waitForSelector("footer[data-hydrated]", { state: "attached" });
}

/** Where failed tests' pages are told (see `tellWhatPagesShow`); `.ci/run` empties it first. */
const FAILED_PAGES_REPORT = "/tmp/e2e-failed-pages.txt";

/**
 * A failed test says what each of its open pages showed (address, and the start of the main
 * region's text, where a form's error message is) and leaves a picture of it in /tmp: a failure
 * on a loaded CI machine is read from its log, not reproduced. The same lines go to
 * `FAILED_PAGES_REPORT`, which `.ci/run` prints last: CI's log is read from its end.
 */
async function tellWhatPagesShow(contexts: BrowserContext[], test: string): Promise<void> {
  // The last four opened, each read within seven seconds: within the hook's minute whatever happened.
  const pages = contexts
    .flatMap((context) => context.pages())
    .filter((page) => !page.isClosed())
    .slice(-4);
  const name = test.replace(/[^\w]+/g, "-").slice(0, 60);
  for (const [index, page] of pages.entries()) {
    // The text as a person reads it, a line per block, not the DOM's run-together text.
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered lines are the point here
    const shown = (selector: string) => page.locator(selector).first().innerText({ timeout: 2_000 });
    const text = await shown("main")
      .catch(() => shown("body"))
      .catch((error: unknown) => `(no text: ${String(error)})`);
    const picture = `/tmp/e2e-failed-${name}-${index}.png`;
    await page.screenshot({ path: picture, timeout: 5_000 }).catch(() => undefined);
    const report = `[page ${index} of «${test}»] ${page.url()}\n${text.slice(0, 1_500)}\n(picture: ${picture})\n`;
    console.error(report);
    appendFileSync(FAILED_PAGES_REPORT, report);
  }
}
