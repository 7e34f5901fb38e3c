/**
 * The commands of `rules`, each with the one line `rules --help` shows and the module that implements it. A
 * module is imported only when its command runs: `rules --help` loads none, `rules check` only the language front end,
 * and only `compile` loads the emitter (ts-morph, Prettier).
 */
import type { Command } from "commander";

export interface CommandEntry {
  readonly name: string;
  readonly summary: string;
  /** Adds the command (with its options and action) to `program`. */
  readonly load: () => Promise<(program: Command) => void>;
}

export const SUMMARIES = {
  compile: "compile rulesets into typed engines and conformance tests (default: every ruleset)",
  check: "report the diagnostics of a .rules file; generate nothing",
  play: "play a game in the terminal: human seats pick their moves, agents (random players by default) play the others",
  simulate:
    "play batches of games between agents (random players by default) and summarize them (length, how they ended, win rate and mean score by seat)",
  merge: "add up the shards of a simulation (`simulate --shard i/n`) into the summaries one run gives",
  replay: "replay a save file or a log file ({ game, options, log }), printing each action and the outcome",
  new: "start a new ruleset under rulesets/<game>/ that compiles, tests and simulates at once",
  diff: "what a variant changes against the base game: params, replaced rules, and (--simulate) the effect",
  serve: "play a game in a browser page on localhost: seats played by people or agents, undo, save and load",
  lsp: "the language server of .rules files, over standard input and output (for editors)",
} as const;

const compile = async (): Promise<(program: Command) => void> => (await import("./compile.ts")).registerCompile;

export const COMMANDS: readonly CommandEntry[] = [
  { name: "compile", summary: SUMMARIES.compile, load: compile },
  { name: "check", summary: SUMMARIES.check, load: compile },
  { name: "play", summary: SUMMARIES.play, load: async () => (await import("./play.ts")).registerPlay },
  { name: "simulate", summary: SUMMARIES.simulate, load: async () => (await import("./simulate.ts")).registerSimulate },
  { name: "merge", summary: SUMMARIES.merge, load: async () => (await import("./merge.ts")).registerMerge },
  { name: "replay", summary: SUMMARIES.replay, load: async () => (await import("./replay.ts")).registerReplay },
  { name: "new", summary: SUMMARIES.new, load: async () => (await import("./new.ts")).registerNew },
  { name: "serve", summary: SUMMARIES.serve, load: async () => (await import("./serve.ts")).registerServe },
  { name: "diff", summary: SUMMARIES.diff, load: async () => (await import("./diff.ts")).registerDiff },
  {
    name: "lsp",
    summary: SUMMARIES.lsp,
    load: async () => (program) =>
      program
        .command("lsp")
        .description(SUMMARIES.lsp)
        .option("--stdio", "talk over standard input and output (the only way; accepted for editors that pass it)")
        .action(async () => (await import("../lsp/server.ts")).serveStdio()),
  },
];
