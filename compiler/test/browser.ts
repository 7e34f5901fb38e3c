/**
 * The browser the browser tests drive: Debian's `chromium` package (or the one `CHROMIUM_PATH` names), through
 * playwright-core. Without one the browser tests are skipped, unless `RULES_BROWSER_TESTS=required` (as `.ci/run`
 * sets), where a missing browser fails them.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Whether the browser tests run here: a browser is installed, or they are required (and fail without one). */
export const browserTestsRun = existsSync(CHROMIUM) || process.env.RULES_BROWSER_TESTS === "required";

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `no browser at ${CHROMIUM}: install Debian's chromium package (see the README) or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM });
}
