import { gzipSync } from "node:zlib";
import { type Browser, chromium, type Response } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./config.ts";

export type JsFile = {
  url: string;
  rawBytes: number;
  gzipBytes: number;
};

export type PageJs = {
  path: string;
  totalRawBytes: number;
  totalGzipBytes: number;
  /** Largest first. */
  files: JsFile[];
};

/** JavaScript fetched by each page until the network is idle, measured as gzip level 9 bytes. */
export async function measureInitialJs(baseUrl: string, paths: readonly string[]): Promise<PageJs[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const pages: PageJs[] = [];
    for (const path of paths) pages.push(await measurePage(browser, baseUrl, path));
    return pages;
  } finally {
    await browser.close();
  }
}

async function measurePage(browser: Browser, baseUrl: string, path: string): Promise<PageJs> {
  // Same mobile viewport as Lighthouse's default profile, in a fresh context (empty cache).
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    locale: "es-ES",
  });
  try {
    const page = await context.newPage();
    const scripts = new Map<string, Response>();
    page.on("response", (response) => {
      if (isScript(response) && !scripts.has(response.url())) scripts.set(response.url(), response);
    });
    const navigation = await page.goto(baseUrl + path, { waitUntil: "networkidle" });
    if (!navigation?.ok()) throw new Error(`GET ${path} answered ${navigation?.status() ?? "nothing"}`);
    const files = await Promise.all([...scripts.values()].map((response) => measureFile(response, baseUrl)));
    files.sort((a, b) => b.gzipBytes - a.gzipBytes);
    return {
      path,
      totalRawBytes: sum(files.map((file) => file.rawBytes)),
      totalGzipBytes: sum(files.map((file) => file.gzipBytes)),
      files,
    };
  } finally {
    await context.close();
  }
}

/** Classic and module scripts, including `<link rel="modulepreload">` fetches. */
function isScript(response: Response): boolean {
  if (response.url().startsWith("data:")) return false;
  if (response.request().resourceType() === "script") return true;
  return /javascript|ecmascript/.test(response.headers()["content-type"] ?? "");
}

async function measureFile(response: Response, baseUrl: string): Promise<JsFile> {
  const body = await responseBody(response);
  const url = response.url().startsWith(baseUrl) ? response.url().slice(baseUrl.length) : response.url();
  return { url, rawBytes: body.byteLength, gzipBytes: gzipSync(body, { level: 9 }).byteLength };
}

/** The decoded body; fetched again when the browser no longer holds it (e.g. preloads). */
async function responseBody(response: Response): Promise<Buffer> {
  try {
    return await response.body();
  } catch {
    const refetched = await fetch(response.url());
    if (!refetched.ok) throw new Error(`GET ${response.url()} answered ${refetched.status}`);
    return Buffer.from(await refetched.arrayBuffer());
  }
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
