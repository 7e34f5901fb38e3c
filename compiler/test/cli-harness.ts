/**
 * Runs the runtime-facing commands (play, simulate, replay) as the command line would, with the runtime's test
 * fixture engine as the only compiled game and in-memory streams.
 */
import { resolve } from "node:path";
import { Readable, Writable } from "node:stream";
import { Command } from "commander";
import { registerPlay } from "../src/cli/play.ts";
import { cliContext, type CliContext } from "../src/cli/registry.ts";
import { registerReplay } from "../src/cli/replay.ts";
import { registerSimulate } from "../src/cli/simulate.ts";
import fixture from "../../runtime/test/fixtures/race-fixture-engine.ts";

export const FIXTURE_PATH = resolve(import.meta.dirname, "../../runtime/test/fixtures/race-fixture-engine.ts");

export interface Run {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

export function collector(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join("") };
}

/** Runs `rules <args>` with the fixture as the only compiled game, feeding `input` as stdin. */
export async function rules(args: string[], input = "", stdinIsTTY = false): Promise<Run> {
  const stdout = collector();
  const stderr = collector();
  let exitCode = 0;
  const stdin = Object.assign(Readable.from(input === "" ? [] : [input]), { isTTY: stdinIsTTY });
  const context: CliContext = cliContext({
    stdin,
    stdout: stdout.stream,
    stderr: stderr.stream,
    loadEngine: async (name) => {
      if (name !== fixture.name) throw new Error(`unknown game "${name}"`);
      return fixture;
    },
    loadAllEngines: async () => [fixture],
    enginePaths: async () => new Map([[fixture.name, FIXTURE_PATH]]),
    setExitCode: (code) => {
      exitCode = code;
    },
  });
  const program = new Command("rules")
    .exitOverride()
    .configureOutput({ writeOut: (s) => stdout.stream.write(s), writeErr: (s) => stderr.stream.write(s) });
  registerPlay(program, context);
  registerSimulate(program, context);
  registerReplay(program, context);
  try {
    await program.parseAsync(args, { from: "user" });
  } catch (error) {
    // Commander's own errors (bad flags, --help) arrive here because of exitOverride.
    exitCode = (error as { exitCode?: number }).exitCode ?? 1;
  }
  return { stdout: stdout.text(), stderr: stderr.text(), exitCode };
}

/**
 * Runs `work` with `simulate --workers` starting its workers at once (`RULES_WORKER_START_MS=0`): the short runs of
 * the tests would otherwise stay on one thread.
 */
export async function withWorkersAtOnce<T>(work: () => Promise<T>): Promise<T> {
  const before = process.env.RULES_WORKER_START_MS;
  process.env.RULES_WORKER_START_MS = "0";
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.RULES_WORKER_START_MS;
    else process.env.RULES_WORKER_START_MS = before;
  }
}
