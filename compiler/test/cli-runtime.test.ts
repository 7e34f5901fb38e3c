/**
 * The runtime-facing CLI commands (play, simulate, replay), run as the command line would run them, against the
 * runtime's test fixture engine and in-memory streams.
 */
import { mkdtemp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { InvalidArgumentError } from "commander";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameSeed, saveChecksum, type SimulationSummary } from "@rules/runtime";
import { parseHumans, playGame } from "../src/cli/play.ts";
import { engineProblem, findCompiledGames, loadAllEngines, loadEngine } from "../src/cli/registry.ts";
import { readReplayInput, replayToOutput } from "../src/cli/replay.ts";
import { parsePort } from "../src/cli/serve.ts";
import { simulateEngines } from "../src/cli/simulate.ts";
import fixture from "../../runtime/test/fixtures/race-fixture-engine.ts";
import { engine as tour } from "./fixtures/tour/generated/engine.ts";
import { collector, rules, withWorkersAtOnce } from "./cli-harness.ts";

/** A save edited by someone who knows the format: its checksum made again for what it now says. */
function resealed(save: Record<string, unknown>): Record<string, unknown> {
  return { ...save, checksum: saveChecksum(save) };
}

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "rules-cli-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("simulate", () => {
  it("--json prints one summary per variant and player count", async () => {
    const run = await rules(["simulate", "race-fixture", "--games", "20", "--seed", "3", "--json"]);
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toBe("");
    const summaries = JSON.parse(run.stdout) as SimulationSummary[];
    expect(summaries.map((s) => `${s.variant}/${s.players}`)).toEqual([
      "base/2",
      "base/3",
      "base/4",
      "long/2",
      "long/3",
      "long/4",
      "heckle/2",
      "heckle/3",
      "heckle/4",
    ]);
    for (const s of summaries) {
      expect(s.games).toBe(20);
      expect(s.winRate.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    }
  });

  it("--workers plays on several processes and gives the same summaries as one, bit for bit", async () => {
    const args = ["simulate", "race-fixture", "--games", "300", "--seed", "9", "--json"];
    const untimed = (text: string): unknown =>
      (JSON.parse(text) as SimulationSummary[]).map(({ elapsedMs: _e, playoutsPerSecond: _p, ...rest }) => rest);
    const one = await rules(args);
    // A run this short would stay on one thread: the workers start at once here.
    const two = await withWorkersAtOnce(() => rules([...args, "--workers", "2"]));
    expect(two.exitCode).toBe(0);
    expect(untimed(two.stdout)).toEqual(untimed(one.stdout));
  }, 60_000);

  it("--workers: a game that fails fails the run, naming its seed, wherever it was played", async () => {
    // Only the longest games fail: the first of them (game 63) lies in a range the workers take.
    const args = [
      "simulate",
      "race-fixture",
      "--games",
      "200",
      "--players",
      "2",
      "--variant",
      "base",
      "--max-steps",
      "24",
    ];
    for (const run of [
      await rules([...args, "--workers", "2"]),
      await withWorkersAtOnce(() => rules([...args, "--workers", "2"])),
    ]) {
      expect(run.exitCode).toBe(1);
      expect(run.stderr).toMatch(
        /race-fixture: game \d+ of the batch \(seed -?\d+\) failed: .*did not end within 24 actions/,
      );
    }
  }, 60_000);

  it("--agents names who plays each seat; on workers the same games are played", async () => {
    const args = ["simulate", "race-fixture", "--games", "20", "--players", "2", "--variant", "base", "--json"];
    const run = await rules([...args, "--agents", "mcts:30,random"]);
    expect(run.exitCode).toBe(0);
    const [summary] = JSON.parse(run.stdout) as SimulationSummary[];
    expect(summary!.agents).toEqual(["mcts:30", "random"]);
    expect(summary!.winRate[0]).toBeGreaterThan(summary!.winRate[1]!);
    const untimed = (text: string): unknown =>
      (JSON.parse(text) as SimulationSummary[]).map(({ elapsedMs: _e, playoutsPerSecond: _p, ...rest }) => rest);
    const workers = await withWorkersAtOnce(() => rules([...args, "--agents", "mcts:30,random", "--workers", "2"]));
    expect(untimed(workers.stdout)).toEqual(untimed(run.stdout));
    const table = await rules(args.slice(0, -1).concat(["--agents", "greedy"]));
    expect(table.stdout).toContain("base (greedy vs greedy)");
    const bad = await rules([...args, "--agents", "mcts:400,oracle"]);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toMatch(/unknown agent "oracle" \(agents: random, greedy, greedy:DEPTH\[:WORLDS\]/);
  }, 60_000);

  it("--players and --variant narrow the sweep; results are reproducible from the seed", async () => {
    const args = ["simulate", "race-fixture", "--games", "15", "--players", "3", "--variant", "long", "--json"];
    const first = JSON.parse((await rules(args)).stdout) as SimulationSummary[];
    const second = JSON.parse((await rules(args)).stdout) as SimulationSummary[];
    expect(first).toHaveLength(1);
    expect(first[0]?.meanLength).toBe(second[0]?.meanLength);
    expect(first[0]?.winRate).toEqual(second[0]?.winRate);
  });

  it("--all prints the summary table", async () => {
    const run = await rules(["simulate", "--all", "--games", "10"]);
    expect(run.exitCode).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^game\s+variant\s+players/);
    expect(lines.filter((line) => line.startsWith("race-fixture"))).toHaveLength(9);
  });

  it("refuses what cannot run with one error line and exit code 1", async () => {
    const cases: [string[], RegExp][] = [
      [["simulate", "chess", "--games", "5"], /^error: unknown game "chess"\n$/],
      [["simulate", "race-fixture", "--players", "9"], /^error: race-fixture is for 2 to 4 players, not 9\n$/],
      [["simulate", "race-fixture", "--variant", "x"], /^error: race-fixture has no variant "x"/],
      [["simulate"], /^error: name one game, or use --all\n$/],
      [["simulate", "race-fixture", "--all"], /^error: name one game, or use --all\n$/],
      [["simulate", "race-fixture", "--max-steps", "2"], /^error: race-fixture: game 0 .* did not end within 2/],
      [["simulate", "race-fixture", "--games", "many"], /^error: option '--games <n>' argument 'many' is invalid/],
      [
        ["simulate", "race-fixture", "--param", "GOAL=3"],
        /^error: unknown parameter "GOAL" \(the rules have none\)\n$/,
      ],
      [["simulate", "race-fixture", "--param", "GOAL"], /argument 'GOAL' is invalid. write NAME=VALUE/],
      [["simulate", "race-fixture", "--shard", "3/2"], /^error: option '--shard <i\/n>' argument '3\/2' is invalid/],
    ];
    for (const [args, message] of cases) {
      const run = await rules(args);
      expect(run.exitCode, args.join(" ")).toBe(1);
      expect(run.stderr, args.join(" ")).toMatch(message);
      expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    }
  });

  it("simulateEngines reports progress over all batches", () => {
    const seen: [number, number, string][] = [];
    simulateEngines([fixture], { games: 2, seed: 1, players: 2 }, (done, total, label) =>
      seen.push([done, total, label]),
    );
    expect(seen).toEqual([
      [1, 6, "race-fixture base 2p"],
      [2, 6, "race-fixture base 2p"],
      [3, 6, "race-fixture long 2p"],
      [4, 6, "race-fixture long 2p"],
      [5, 6, "race-fixture heckle 2p"],
      [6, 6, "race-fixture heckle 2p"],
    ]);
  });
});

describe("play", () => {
  it("plays all seats at random when stdin is not a terminal, printing actions and the outcome", async () => {
    const run = await rules(["play", "race-fixture", "--seed", "5", "--players", "3"]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/seed 5; human seats: none/);
    expect(run.stdout).toMatch(/^seat 0: boost amount=\d$/m);
    expect(run.stdout).toMatch(
      /game over after \d+ actions\nthe game ended: (one winner|dead heat)\n(winner: seat \d|shared victory: seats [\d, ]+)\n/,
    );
  });

  it("--agents names who plays the seats no person plays; a human faces them as any other seat", async () => {
    const run = await rules(["play", "race-fixture", "--seed", "5", "--players", "3", "--agents", "mcts:20,greedy"]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/human seats: none; seat 0: mcts:20, seat 1: greedy, seat 2: mcts:20/);
    expect(run.stdout).toMatch(/game over after \d+ actions/);
    const human = await rules(
      ["play", "race-fixture", "--seed", "5", "--players", "2", "--humans", "0", "--agents", "greedy"],
      "1\n".repeat(200),
    );
    expect(human.stdout).toMatch(/human seats: 0; seat 1: greedy/);
    expect(human.stdout).toMatch(/seat 1 \(greedy\) has acted/);
    const bad = await rules(["play", "race-fixture", "--agents", "oracle"]);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toMatch(/unknown agent "oracle"/);
  });

  it("shows a human only their own view and numbered options, and reads their choices", async () => {
    const answers = `${"1\n".repeat(200)}`;
    const run = await rules(["play", "race-fixture", "--seed", "9", "--players", "2", "--humans", "1"], answers);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("=== seat 1: your turn ===");
    expect(run.stdout).toMatch(/yourLuckyNumber: \d/);
    expect(run.stdout).not.toContain("lucky:"); // the full state (with every secret) is never printed
    expect(run.stdout).toMatch(/boosts: \["hidden", null\]/); // seat 0 picked first; its pick is hidden
    expect(run.stdout).toContain("  1. boost amount=0\n  2. boost amount=1\n  3. boost amount=2");
    expect(run.stdout).toContain("seat 0 (random) has acted");
    expect(run.stdout).not.toMatch(/seat 0: (boost|roll|rest)/); // others' actions (maybe secret) are not shown
    expect(run.stdout).toMatch(/game over after/);
  });

  it("offers a human an interrupt before another seat decides; an empty line lets the game go on", async () => {
    const args = ["play", "race-fixture", "--seed", "9", "--players", "2", "--variant", "heckle", "--humans", "1"];
    // Each round: seat 1 picks a boost, passes on heckling seat 0 before it moves, then moves.
    const passing = await rules(args, "1\n\n".repeat(100));
    expect(passing.exitCode).toBe(0);
    const offers = passing.stdout.split("=== seat 1: you may interrupt before seat 0 decides (empty line: let it) ===");
    expect(offers.length).toBeGreaterThan(2); // offered again every round while the heckle is unused
    expect(offers[1]).toContain("your options:\n  1. heckle\n");
    expect(passing.stdout).toContain('type a number from 1 to 3, "save <file>" or "quit"'); // a blank boost is refused
    expect(passing.stdout).toMatch(/game over after/);
    // Taking it: seat 1 heckles at the first chance, and is never offered it again.
    const heckling = await rules(args, "1\n".repeat(100));
    expect(heckling.stdout.split("you may interrupt before seat 0").length).toBe(2);
    expect(heckling.stdout).toMatch(/game over after/);
  });

  it("takes an option by a word it names, and says when the word names several", async () => {
    // Seat 0 first picks a boost (three options named `boost`), then rolls or rests.
    const run = await rules(["play", "race-fixture", "--seed", "4", "--humans", "0"], "boost\n2\nRest\nquit\n");
    expect(run.stdout).toContain("boost names 3 options: type the number of one");
    expect(run.stdout).toMatch(/game left unfinished after [2-9] actions/);
    const log = run.stdout.slice(run.stdout.indexOf("seat 0> Rest"));
    expect(log).toMatch(/^seat 0> Rest\n(seat 1 \(random\) has acted\n)*\n=== seat 0: your turn ===/);
  });

  it("a human seat is the default when stdin is a terminal", async () => {
    const run = await rules(["play", "race-fixture", "--seed", "9"], "quit\n", true);
    expect(run.stdout).toMatch(/human seats: 0/);
    expect(run.stdout).toMatch(/game left unfinished after 0 actions/);
  });

  it("re-asks on bad input, saves on `save <file>`, stops on `quit`", async () => {
    const file = join(dir, "mid-game.json");
    const input = `hello\n7\nsave\nsave ${join(dir, "no-such-dir", "x.json")}\nsave ${file}\n2\nquit\n`;
    const run = await rules(["play", "race-fixture", "--seed", "4", "--humans", "0"], input);
    expect(run.stdout).toContain('type a number from 1 to 3, "save <file>" or "quit"');
    expect(run.stdout).toContain("usage: save <file>");
    expect(run.stdout).toMatch(/cannot save: ENOENT/);
    expect(run.stdout).toContain(`saved to ${file}`);
    expect(run.stdout).toMatch(/game left unfinished after 2 actions/);
    const save = JSON.parse(await readFile(file, "utf8")) as { format: string; log: unknown[] };
    expect(save.format).toBe("rules-save");
    expect(save.log).toEqual([]);
  });

  it("refuses human seats that are not at the table", async () => {
    const run = await rules(["play", "race-fixture", "--seed", "4", "--humans", "0,3"]);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toBe("error: human seat 3 is not a seat (seats are 0 to 1)\n");
    expect(() => parseHumans("0,x")).toThrow(/"x" is not a seat number/);
    expect(parseHumans("none")).toEqual([]);
    expect(parseHumans("2, 0,2")).toEqual([2, 0]);
  });

  it("serve takes a port from 1 to 65535", () => {
    expect(parsePort("8080")).toBe(8080);
    for (const bad of ["0", "65536", "99999", "http"]) expect(() => parsePort(bad), bad).toThrow(InvalidArgumentError);
  });

  it("an all-random game with seed S is the game a simulation plays with seed S", async () => {
    // Game 0 of a batch with seed 77 starts from gameSeed(77, 0); playing that seed replays it.
    const seed = gameSeed(77, 0);
    const { session } = await playGame(
      fixture,
      { players: 3, seed, humans: [] },
      { input: Readable.from([]), output: collector().stream },
    );
    const [summary] = simulateEngines([fixture], { games: 1, seed: 77, players: 3, variant: "base" });
    expect(session.isOver()).toBe(true);
    expect(summary?.minLength).toBe(session.log.length);
    expect(summary?.meanScore).toEqual(session.outcome()?.scores);
  });
});

describe("saved states of a game with tagged unions", () => {
  it("keep each member as its kind and values, and refuse a member that is not one", () => {
    const state = tour.newGame({ players: 2, seed: 3 });
    tour.apply(state, { type: "bid", player: 0, value: 2 });
    tour.apply(state, { type: "bid", player: 1, value: 0 });
    tour.apply(state, { type: "Draw", player: 0 });
    expect(state.deeds).toEqual([{ kind: "drew" }]);
    expect(tour.validateState(JSON.parse(JSON.stringify(state)))).toBeNull();
    const tampered = (deed: unknown): string | null => tour.validateState({ ...structuredClone(state), deeds: [deed] });
    expect(tampered({ kind: "flew" })).toBe("state.deeds is not a valid list of Deed");
    expect(tampered({ kind: "played", rank: "2", suit: "red" })).toBe("state.deeds is not a valid list of Deed");
    expect(tampered({ kind: "played", rank: 2, suit: "red" })).toBeNull();
  });
});

describe("replay", () => {
  it("prints a position in a list as the value it stood for when it was played", () => {
    const options = { players: 2, seed: 3 };
    const state = tour.newGame(options);
    const log = [
      { type: "bid", player: 0, value: 2 },
      { type: "bid", player: 1, value: 0 },
    ] as const;
    for (const action of log) tour.apply(state, action);
    const play = tour.legalActions(state, 0).find((action) => action.type === "Play");
    expect(play).toBeDefined();
    const out = collector();
    replayToOutput({ engine: tour, options, log: [...log, play] }, out.stream);
    // The position in the hand is shown as the card, and the action's label from the rules follows.
    expect(out.text()).toMatch(/^ *3\. seat 0: Play card=\{ suit: "(\w+)", rank: (\d) \}: Play the \1 \2$/m);
  });

  it("replays a save written by play --save, printing each action and the same outcome", async () => {
    const file = join(dir, "finished.json");
    const played = await rules(["play", "race-fixture", "--seed", "11", "--players", "4", "--save", file]);
    const run = await rules(["replay", file]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/^ *1\. seat 0: boost amount=\d$/m);
    const outcomeOf = (text: string): string | undefined =>
      /(winner: seat \d|shared victory: seats [\d, ]+)\n( {2}seat .*\n)+/.exec(text)?.[0];
    expect(outcomeOf(run.stdout)).toBeDefined();
    expect(outcomeOf(run.stdout)).toBe(outcomeOf(played.stdout));
  });

  it("refuses a save it could not write before the game is played, not after", async () => {
    const run = await rules(["play", "race-fixture", "--seed", "11", "--save", join(dir, "no", "such", "save.json")]);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(/^error: cannot write the save to .*save\.json: the folder .*such does not exist/);
    expect(run.stdout).toBe(""); // not a move was played
  });

  it("replays a plain log file { game, options, log }", async () => {
    const file = join(dir, "log.json");
    const log = [
      { type: "boost", player: 0, amount: 1 },
      { type: "boost", player: 1, amount: 0 },
      { type: "rest", player: 0 },
    ];
    await writeFile(file, JSON.stringify({ game: "race-fixture", options: { players: 2, seed: 3 }, log }));
    const run = await rules(["replay", file]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("3. seat 0: rest");
    expect(run.stdout).toContain("game unfinished: seat(s) 1 to act");
  });

  it("gives a one-line reason and exit code 1 for a bad file, never a stack trace", async () => {
    const goodSave = join(dir, "good.json");
    await rules(["play", "race-fixture", "--seed", "2", "--save", goodSave]);
    const good = JSON.parse(await readFile(goodSave, "utf8")) as Record<string, unknown>;
    const files: [string, string, RegExp][] = [
      ["missing.json", "", /^error: cannot read .*missing\.json: ENOENT/],
      ["broken.json", "{ not json", /^error: not a save or log file: invalid JSON/],
      ["array.json", "[]", /^error: not a save or log file: expected a JSON object/],
      ["other-game.json", JSON.stringify({ ...good, game: "chess" }), /^error: unknown game "chess"/],
      ["other-format.json", JSON.stringify({ ...good, format: "pgn" }), /^error: unknown file format "pgn"/],
      ["edited.json", JSON.stringify({ ...good, state: { ...(good.state as object), round: 99 } }), /checksum/],
      ["rules-changed.json", JSON.stringify({ ...good, sourceHash: "0" }), /rules of "race-fixture" changed/],
      // The checksum covers the log too; a log cut and the save sealed again still does not replay to the state.
      ["short-log.json", JSON.stringify({ ...good, log: [] }), /checksum mismatch/],
      ["short-log-resealed.json", JSON.stringify(resealed({ ...good, log: [] })), /does not reach the saved state/],
      [
        "illegal-log.json",
        JSON.stringify({ game: "race-fixture", options: { players: 2, seed: 1 }, log: [{ type: "roll", player: 0 }] }),
        /^error: log\[0\] .* is refused: moves come once every boost is picked\n$/,
      ],
      [
        "bad-options.json",
        JSON.stringify({ game: "race-fixture", options: { players: 1, seed: 1 }, log: [] }),
        /^error: bad options: players must be/,
      ],
      [
        "bad-log.json",
        JSON.stringify({ game: "race-fixture", options: { players: 2, seed: 1 }, log: "boost" }),
        /^error: bad log: the log must be an array/,
      ],
    ];
    for (const [name, content, message] of files) {
      const file = join(dir, name);
      if (content !== "") await writeFile(file, content);
      const run = await rules(["replay", file]);
      expect(run.exitCode, name).toBe(1);
      expect(run.stderr, name).toMatch(message);
      expect(run.stderr.trimEnd().split("\n"), name).toHaveLength(1);
    }
  });

  it("readReplayInput accepts a verified save", async () => {
    const file = join(dir, "for-input.json");
    await rules(["play", "race-fixture", "--seed", "6", "--save", file]);
    const input = await readReplayInput(await readFile(file, "utf8"), async () => fixture);
    expect(input.engine).toBe(fixture);
    expect(input.options).toEqual({ players: 2, seed: 6 });
  });
});

describe("registry", () => {
  let root = "";
  beforeAll(async () => {
    root = join(dir, "repo");
    const generated = join(root, "rulesets", "race", "generated");
    await mkdir(generated, { recursive: true });
    const fixturePath = resolve(import.meta.dirname, "../../runtime/test/fixtures/race-fixture-engine.ts");
    await writeFile(
      join(generated, "engine.ts"),
      `export { raceFixtureEngine as engine } from ${JSON.stringify(fixturePath)};\n`,
    );
    await mkdir(join(root, "rulesets", "uncompiled"), { recursive: true });
    const broken = join(root, "rulesets", "broken", "generated");
    await mkdir(broken, { recursive: true });
    await writeFile(join(broken, "engine.ts"), "export const engine = { name: 'broken' };\n");
  });

  it("finds the games that have a generated engine", async () => {
    expect((await findCompiledGames(root)).map((g) => g.name)).toEqual(["broken", "race"]);
    expect(await findCompiledGames(join(dir, "nowhere"))).toEqual([]);
  });

  it("imports a generated engine", async () => {
    const engine = await loadEngine("race", root);
    expect(engine.name).toBe("race-fixture");
  });

  it("says whether a game is unknown, not compiled, or not an engine", async () => {
    await expect(loadEngine("chess", root)).rejects.toThrow(/unknown game "chess" \(games: broken, race\)/);
    await expect(loadEngine("uncompiled", root)).rejects.toThrow(/not compiled yet/);
    await expect(loadEngine("broken", root)).rejects.toThrow(/does not export an engine.*`title` is not a string/);
    await expect(loadAllEngines(root)).rejects.toThrow(/broken/);
  });

  it("engineProblem accepts an engine and names what is missing otherwise", () => {
    expect(engineProblem(fixture)).toBeNull();
    expect(engineProblem({ ...fixture, apply: 1 })).toBe("`apply` is not a function");
    expect(engineProblem(null)).toBe("not an object");
  });
});
