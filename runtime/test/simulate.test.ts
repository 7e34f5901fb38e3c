import { describe, expect, it } from "vitest";
import {
  configurations,
  createRng,
  formatSummaryTable,
  GAME_STAGES,
  gameSeed,
  agentSeed,
  mergeTallies,
  randomPlayout,
  simulate,
  summarize,
  tallyGames,
} from "../src/index.ts";
import { raceFixtureEngine as engine } from "./fixtures/race-fixture-engine.ts";

/** The summary without its timing fields, which vary from run to run. */
function withoutTimings(summary: ReturnType<typeof simulate>): Record<string, unknown> {
  const { elapsedMs: _elapsed, playoutsPerSecond: _speed, ...rest } = summary;
  return rest;
}

describe("simulate", () => {
  it("summarizes a batch with consistent numbers", () => {
    const summary = simulate(engine, { games: 200, seed: 1, players: 3 });
    expect(summary).toMatchObject({ game: "race-fixture", variant: "base", players: 3, games: 200, seed: 1 });
    expect(summary.minLength).toBeLessThanOrEqual(summary.meanLength);
    expect(summary.meanLength).toBeLessThanOrEqual(summary.maxLength);
    expect(summary.winRate).toHaveLength(3);
    expect(summary.winRate.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    expect(summary.meanScore).toHaveLength(3);
    expect(summary.sharedWins).toBeGreaterThan(0); // ties happen in this fixture
    expect(summary.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(summary.playoutsPerSecond).toBeGreaterThan(0);
  });

  it("matches the games it says it played (game i from gameSeed(seed, i), agent from agentSeed)", () => {
    const games = 30;
    const summary = simulate(engine, { games, seed: 42, players: 2, variant: "long" });
    const wins = [0, 0];
    const scores = [0, 0];
    const lengths: number[] = [];
    const endings: Record<string, number> = {};
    for (let i = 0; i < games; i++) {
      const seed = gameSeed(42, i);
      const { steps, outcome } = randomPlayout(
        engine,
        { players: 2, seed, variant: "long" },
        createRng(agentSeed(seed)),
        10_000,
      );
      lengths.push(steps);
      endings[outcome.ending!] = (endings[outcome.ending!] ?? 0) + 1;
      // Shared victories count fractionally: 1/k to each of the k winners.
      for (const w of outcome.winners) wins[w] = (wins[w] ?? 0) + 1 / outcome.winners.length;
      outcome.scores.forEach((s, seat) => (scores[seat] = (scores[seat] ?? 0) + s));
    }
    expect(summary.minLength).toBe(Math.min(...lengths));
    expect(summary.maxLength).toBe(Math.max(...lengths));
    expect(summary.meanLength).toBeCloseTo(lengths.reduce((a, b) => a + b, 0) / games, 10);
    summary.winRate.forEach((rate, seat) => expect(rate).toBeCloseTo((wins[seat] ?? 0) / games, 10));
    summary.meanScore.forEach((mean, seat) => expect(mean).toBeCloseTo((scores[seat] ?? 0) / games, 10));
    // How the games ended, as their outcomes say.
    expect(summary.endings).toEqual(endings);
    expect(Object.keys(endings).sort()).toEqual(["dead heat", "one winner"]);
  });

  it("is reproducible from its seed, and another seed gives other games", () => {
    const run = (seed: number): Record<string, unknown> => withoutTimings(simulate(engine, { games: 50, seed }));
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
  });

  it("reports progress after every game", () => {
    const calls: [number, number][] = [];
    simulate(engine, { games: 5, seed: 1, onProgress: (done, total) => calls.push([done, total]) });
    expect(calls).toEqual([
      [1, 5],
      [2, 5],
      [3, 5],
      [4, 5],
      [5, 5],
    ]);
  });

  it("refuses bad batch options", () => {
    expect(() => simulate(engine, { games: 0, seed: 1 })).toThrow(/games must be a positive integer/);
    expect(() => simulate(engine, { games: 1, seed: 1, players: 7 })).toThrow(/players must be/);
    expect(() => simulate(engine, { games: 1, seed: 1, variant: "x" })).toThrow(/unknown variant/);
  });

  it("names the failing game when a game does not end", () => {
    expect(() => simulate(engine, { games: 3, seed: 1, maxSteps: 2 })).toThrow(
      /race-fixture: game 0 of the batch \(seed -?\d+\) failed: .*did not end within 2 actions/,
    );
  });
});

describe("configurations", () => {
  it("lists every variant with every player count", () => {
    expect(configurations(engine)).toEqual([
      { variant: "base", players: 2 },
      { variant: "base", players: 3 },
      { variant: "base", players: 4 },
      { variant: "long", players: 2 },
      { variant: "long", players: 3 },
      { variant: "long", players: 4 },
      { variant: "heckle", players: 2 },
      { variant: "heckle", players: 3 },
      { variant: "heckle", players: 4 },
    ]);
    expect(configurations(engine, { players: 3, variant: "long" })).toEqual([{ variant: "long", players: 3 }]);
  });
});

describe("formatSummaryTable", () => {
  it("prints a header and one aligned row per summary", () => {
    const summaries = [
      simulate(engine, { games: 10, seed: 1, players: 2 }),
      simulate(engine, { games: 10, seed: 1, players: 4, variant: "long" }),
    ];
    const lines = formatSummaryTable(summaries).split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^game\s+variant\s+players\s+games\s+mean len/);
    expect(lines[2]).toMatch(/^race-fixture\s+base\s+2\s+10\s/);
    expect(lines[3]).toMatch(/^race-fixture\s+long\s+4\s+10\s/);
    expect(lines[3]).toMatch(/(\d+% ){3}\d+%/);
  });

  it("ends each row with how its games ended, the most frequent way first", () => {
    // 200 three-player races of seed 1 end in some dead heats (see "summarizes a batch").
    const summary = simulate(engine, { games: 200, seed: 1, players: 3 });
    const heats = summary.endings["dead heat"] ?? 0;
    expect(heats).toBe(summary.sharedWins);
    expect(summary.endings["one winner"]).toBe(200 - heats);
    const lines = formatSummaryTable([summary]).split("\n");
    expect(lines[0]).toMatch(/how games ended$/);
    const percent = (n: number): string => `${((n * 100) / 200).toFixed(0)}%`;
    expect(lines[2]!.endsWith(`one winner ${percent(200 - heats)}, dead heat ${percent(heats)}`)).toBe(true);
  });
});

describe("a batch played in pieces", () => {
  it("tallies ranges of games that merge, in any grouping, into the summary of one run, bit for bit", () => {
    const options = { games: 90, seed: 12, players: 3, variant: "heckle" };
    const whole = withoutTimings(simulate(engine, options));
    const pieces = [
      tallyGames(engine, options, 0, 25),
      tallyGames(engine, options, 25, 40),
      tallyGames(engine, options, 65, 25),
    ];
    const leftFirst = pieces.reduce(mergeTallies);
    const rightFirst = mergeTallies(pieces[0]!, mergeTallies(pieces[1]!, pieces[2]!));
    expect(withoutTimings(summarize(engine, options, leftFirst, 1))).toEqual(whole);
    expect(withoutTimings(summarize(engine, options, rightFirst, 1))).toEqual(whole);
    expect(whole.sharedWins).toBeGreaterThan(0); // shared victories (fractions of a win) are among them
  });
});

describe("the details a report shows", () => {
  it("count every game's length, every seat's score and every action, by tenth of its game", () => {
    const options = { games: 60, seed: 4, players: 3, details: true };
    const summary = simulate(engine, options);
    const details = summary.details!;
    const sum = (counts: Readonly<Record<string, number>>): number => Object.values(counts).reduce((a, b) => a + b, 0);
    expect(sum(details.lengths)).toBe(60);
    expect(
      Object.keys(details.lengths)
        .map(Number)
        .sort((a, b) => a - b)[0],
    ).toBe(summary.minLength);
    for (const scores of details.scores) expect(sum(scores)).toBe(60);
    const actions = Object.values(details.actions).flat();
    expect(actions.reduce((a, b) => a + b, 0)).toBe(summary.meanLength * 60);
    for (const stages of Object.values(details.actions)) expect(stages).toHaveLength(GAME_STAGES);
    // Each game's first tenth holds about a tenth of its actions.
    const firsts = Object.values(details.actions).reduce((n, stages) => n + stages[0]!, 0);
    expect(firsts / (summary.meanLength * 60)).toBeCloseTo(0.1, 1);
    expect(details.firstActorWins).toHaveLength(3);
  });

  it("match the games played one by one", () => {
    const games = 25;
    const summary = simulate(engine, { games, seed: 8, players: 2, details: true });
    const lengths: Record<string, number> = {};
    let firstActorWins = 0;
    for (let i = 0; i < games; i++) {
      const seed = gameSeed(8, i);
      let first = -1;
      const { steps, outcome } = randomPlayout(
        engine,
        { players: 2, seed },
        createRng(agentSeed(seed)),
        10_000,
        (action, step) => {
          if (step === 0) first = action.player;
        },
      );
      lengths[steps] = (lengths[steps] ?? 0) + 1;
      if (outcome.winners.length === 1 && outcome.winners[0] === first) firstActorWins++;
    }
    expect(summary.details!.lengths).toEqual(lengths);
    expect(summary.details!.firstActorWins[0]).toBe(firstActorWins);
  });

  it("merge across ranges of games like the tally, and are left out unless asked for", () => {
    const options = { games: 70, seed: 5, players: 4, variant: "heckle", details: true };
    const whole = withoutTimings(simulate(engine, options));
    const merged = [tallyGames(engine, options, 0, 30), tallyGames(engine, options, 30, 40)].reduce(mergeTallies);
    expect(withoutTimings(summarize(engine, options, merged, 1))).toEqual(whole);
    expect(JSON.stringify(withoutTimings(summarize(engine, options, merged, 1)))).toBe(JSON.stringify(whole));
    expect(simulate(engine, { ...options, details: false }).details).toBeUndefined();
  });
});
