import type { LaunchOptions } from "playwright-core";

/** Debian's Chromium and the flags this machine needs (no downloads, no background network). */
export const CHROMIUM_PATH = "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Chromium as shoppers run it: Playwright turns the back/forward cache off by default, which hid
 * pages kept alive in it holding the shop's connections (issue 10). Every test runs with it on.
 */
export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
  ignoreDefaultArgs: ["--disable-back-forward-cache"],
};
