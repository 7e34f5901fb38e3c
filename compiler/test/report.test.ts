/**
 * `simulate --report`: the tables behind the charts, the page (self-contained, the same for the same games), every
 * chart drawn by Vega, and the command writing it.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulate, type SimulationSummary } from "@rules/runtime";
import * as vega from "vega";
import { MOST_ACTIONS, OTHER_ACTIONS, reportData, wilson } from "../src/report/report-data.ts";
import { reportCharts, reportPage } from "../src/report/report-page.ts";
import fixture from "../../runtime/test/fixtures/race-fixture-engine.ts";
import { rules, withWorkersAtOnce } from "./cli-harness.ts";

/** Two variants at two player counts, as `simulate race-fixture --players ...` sweeps them. */
function fixtureSummaries(games = 120): SimulationSummary[] {
  return ["base", "long"].flatMap((variant) =>
    [2, 3].map((players) => simulate(fixture, { games, seed: 7, players, variant, details: true })),
  );
}

/** The charts' Vega specifications, as the page embeds them. */
function embeddedCharts(html: string): Record<string, vega.Spec> {
  const specs: Record<string, vega.Spec> = {};
  for (const m of html.matchAll(/<script type="application\/json" class="charts">(.*?)<\/script>/gs)) {
    Object.assign(specs, JSON.parse(m[1]!) as Record<string, vega.Spec>);
  }
  return specs;
}

describe("the report's tables", () => {
  it("win rates carry 95% Wilson intervals", () => {
    const half = wilson(0.5, 100);
    expect(half.low).toBeCloseTo(0.4038, 4);
    expect(half.high).toBeCloseTo(0.5962, 4);
    // Near 0 the interval stays within 0..1 and is not empty.
    const none = wilson(0, 20);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.1611, 4);
  });

  it("hold every game, seat, ending and action of every batch", () => {
    const summaries = fixtureSummaries();
    const data = reportData(summaries);
    for (const s of summaries) {
      const mine = <T extends { variant: string; players: number }>(rows: T[]): T[] =>
        rows.filter((r) => r.variant === s.variant && r.players === s.players);
      expect(mine(data.lengths).reduce((n, r) => n + r.games, 0)).toBe(s.games);
      expect(mine(data.lengths).reduce((n, r) => n + r.length * r.games, 0)).toBe(s.meanLength * s.games);
      expect(mine(data.endings).reduce((n, r) => n + r.share, 0)).toBeCloseTo(1, 10);
      const seats = mine(data.seats);
      expect(seats.map((r) => r.seat)).toEqual(Array.from({ length: s.players }, (_, i) => i + 1));
      for (const r of seats) {
        expect(r.rate).toBe(s.winRate[r.seat - 1]);
        expect(r.low).toBeLessThanOrEqual(r.rate);
        expect(r.high).toBeGreaterThanOrEqual(r.rate);
        expect(r.fair).toBe(1 / s.players);
      }
      expect(
        mine(data.scores)
          .filter((r) => r.seat === 1)
          .reduce((n, r) => n + r.games, 0),
      ).toBe(s.games);
      expect(mine(data.actions).reduce((n, r) => n + r.count, 0)).toBe(s.meanLength * s.games);
      expect(mine(data.firstActor)).toHaveLength(1);
    }
  });

  it("count the rarest kinds of action together beyond the most taken", () => {
    const [one] = fixtureSummaries(30);
    const actions: Record<string, number[]> = {};
    for (let i = 0; i < MOST_ACTIONS + 3; i++) actions[`a${i}`] = [i + 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    const data = reportData([{ ...one!, details: { ...one!.details!, actions } }]);
    const names = new Set(data.actions.map((r) => r.action));
    expect(names.size).toBe(MOST_ACTIONS + 1);
    expect(names.has(OTHER_ACTIONS)).toBe(true);
    expect(names.has("a0")).toBe(false);
    expect(data.actions.filter((r) => r.action === OTHER_ACTIONS).reduce((n, r) => n + r.count, 0)).toBe(1 + 2 + 3);
  });

  it("refuse summaries made without details", () => {
    const plain = simulate(fixture, { games: 5, seed: 1, players: 2 });
    expect(() => reportData([plain])).toThrow(/no details to report \(simulate with --details\)/);
  });
});

describe("the report page", () => {
  const summaries = fixtureSummaries();
  const html = reportPage(summaries, { command: "rules simulate race-fixture --games 120 --seed 7" });

  it("is self-contained: no file, script or style is fetched, nothing links out", () => {
    // The page without the charting library (a minified script), then the library alone.
    const library = /<script>(!function.*?)<\/script>/s.exec(html)?.[1] ?? "";
    expect(library.length).toBeGreaterThan(100_000);
    const page = html.replace(library, "");
    expect(/\s(src|href)=|@import|url\(|https?:/i.test(page)).toBe(false);
    // The library's only addresses are XML namespaces, which it never fetches.
    const addresses = [...library.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0]);
    expect(addresses.filter((a) => !a.startsWith("http://www.w3.org/"))).toEqual([]);
  });

  it("shows each batch's summary and the command that made it", () => {
    expect(html.includes("<h2>race-fixture</h2>")).toBe(true);
    expect(html.includes("<code>rules simulate race-fixture --games 120 --seed 7</code>")).toBe(true);
    for (const s of summaries) {
      expect(html.includes(`<td>${s.variant}</td><td>${s.players}</td><td>120</td>`), s.variant).toBe(true);
    }
  });

  it("is the same page for the same games, byte for byte", () => {
    const again = reportPage(fixtureSummaries(), { command: "rules simulate race-fixture --games 120 --seed 7" });
    expect(again === html).toBe(true);
  });

  it("draws every chart with Vega, with the variants side by side in the order they ran", async () => {
    const specs = embeddedCharts(html);
    expect(Object.keys(specs)).toEqual([
      "race-fixture-lengths",
      "race-fixture-endings",
      "race-fixture-seats",
      "race-fixture-first",
      "race-fixture-scores",
      "race-fixture-actions",
    ]);
    for (const [id, spec] of Object.entries(specs)) {
      const view = new vega.View(vega.parse(spec), { renderer: "none" });
      const svg = await view.toSVG();
      expect((svg.match(/<path/g) ?? []).length, id).toBeGreaterThan(10);
      view.finalize();
    }
    const lengths = await new vega.View(vega.parse(specs["race-fixture-lengths"]!), { renderer: "none" }).toSVG();
    expect(lengths.indexOf(">base<")).toBeLessThan(lengths.indexOf(">long<"));
  });

  it("leaves out the endings chart for rules that never say how a game ended", () => {
    const silent = fixtureSummaries(20).map((s) => ({ ...s, endings: {} }));
    const [game] = reportCharts(silent);
    expect(game!.charts.map((c) => c.name)).toEqual(["lengths", "seats", "first", "scores", "actions"]);
  });
});

describe("simulate --report", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "rules-report-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("writes the page beside the summary table; played on two workers it is the same page", async () => {
    const args = ["simulate", "race-fixture", "--games", "200", "--seed", "3", "--players", "3"];
    const one = await rules([...args, "--report", join(dir, "one.html")]);
    expect(one.exitCode).toBe(0);
    expect(one.stderr).toContain(`report written to ${join(dir, "one.html")}`);
    expect(one.stdout).toContain("race-fixture");
    const two = await withWorkersAtOnce(() => rules([...args, "--workers", "2", "--report", join(dir, "two.html")]));
    expect(two.exitCode).toBe(0);
    const page = await readFile(join(dir, "one.html"), "utf8");
    expect(page.includes("<code>rules simulate race-fixture --games 200 --seed 3 --players 3</code>")).toBe(true);
    expect((await readFile(join(dir, "two.html"), "utf8")) === page).toBe(true);
  });

  it("says so in one line when the page cannot be written, before any game is played", async () => {
    const run = await rules(["simulate", "race-fixture", "--games", "5", "--report", join(dir, "no", "such", "x")]);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(
      /^error: cannot write the report to .*x: the folder .*such does not exist or is not writable\n$/,
    );
    expect(run.stdout).toBe(""); // no summary table: nothing was played
  });
});
