/**
 * A simulation report opened in a real browser (Debian's chromium through playwright-core): every chart is drawn,
 * nothing fails, nothing is fetched, and a screenshot is taken.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulate } from "@rules/runtime";
import type { Browser } from "playwright-core";
import { reportCharts, reportPage } from "../src/report/report-page.ts";
import fixture from "../../runtime/test/fixtures/race-fixture-engine.ts";
import { browserTestsRun, launchBrowser } from "./browser.ts";

describe.runIf(browserTestsRun)("a simulation report in the browser", () => {
  let dir = "";
  let browser: Browser;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "rules-report-browser-"));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("draws every chart, variants side by side, without an error or a request", async () => {
    const summaries = ["base", "long"].flatMap((variant) =>
      [2, 4].map((players) => simulate(fixture, { games: 150, seed: 2, players, variant, details: true })),
    );
    const path = join(dir, "report.html");
    await writeFile(path, reportPage(summaries, { command: "rules simulate race-fixture --games 150 --seed 2" }));
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const problems: string[] = [];
    const requests: string[] = [];
    page.on("pageerror", (error) => problems.push(String(error)));
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("request", (request) => requests.push(request.url()));
    await page.goto(`file://${path}`);
    // Vega draws each chart asynchronously into its element, as an <svg>.
    const total = await page.locator(".chart").count();
    await expect.poll(() => page.locator(".chart svg").count(), { timeout: 20_000 }).toBe(total);
    expect(problems).toEqual([]);
    expect(requests).toEqual([`file://${path}`]);
    const charts = await Promise.all(
      (await page.locator(".chart").all()).map(async (chart) => ({
        id: (await chart.getAttribute("id")) ?? "",
        marks: await chart.locator("path").count(),
        text: (await chart.textContent()) ?? "",
      })),
    );
    expect(charts.map((c) => c.id)).toEqual(reportCharts(summaries).flatMap((g) => g.charts.map((c) => c.id)));
    for (const chart of charts) expect(chart.marks, chart.id).toBeGreaterThan(10);
    // Variants side by side in the order they ran: base's column left of long's.
    const lengths = charts[0]!.text;
    expect(lengths.indexOf("base")).toBeGreaterThanOrEqual(0);
    expect(lengths.indexOf("base")).toBeLessThan(lengths.indexOf("long"));
    const screenshot = join(dir, "report.png");
    await page.screenshot({ path: screenshot, fullPage: true });
    const png = await readFile(screenshot);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(png.length).toBeGreaterThan(50_000);
    await page.close();
  });
});
