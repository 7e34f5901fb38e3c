/**
 * `replay <file>`: replays a save file or a plain log file (`{ game, options, log }`) action by action, printing
 * each action and the outcome. Anything wrong with the file is one line `error: <reason>` and exit code 1.
 */
import { readFile } from "node:fs/promises";
import {
  abandonReason,
  SAVE_FORMAT,
  checkLogShape,
  checkOptions,
  formatAction,
  formatOutcome,
  isPlainObject,
  replay,
  restore,
  type AnyEngine,
  type GameOptions,
  type Session,
} from "@rules/runtime";
import type { Command } from "commander";
import { SUMMARIES } from "./commands.ts";
import { cliContext, messageOf, reportingErrors, type CliContext } from "./registry.ts";

/** A game to replay, read from a file. */
export interface ReplayInput {
  readonly engine: AnyEngine;
  readonly options: GameOptions;
  readonly log: readonly unknown[];
}

/**
 * Reads the text of a save file or a log file. A save is checked in full (format, rules, checksum, and that its log
 * leads to its saved state); a log file's options and action shapes are checked. Throws with the reason otherwise.
 */
export async function readReplayInput(
  text: string,
  loadEngine: (name: string) => Promise<AnyEngine>,
): Promise<ReplayInput> {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`not a save or log file: invalid JSON (${messageOf(error)})`);
  }
  if (!isPlainObject(value) || typeof value.game !== "string") {
    throw new Error("not a save or log file: expected a JSON object with a `game` name");
  }
  const engine = await loadEngine(value.game);

  if (value.format !== undefined) {
    if (value.format !== SAVE_FORMAT) throw new Error(`unknown file format ${JSON.stringify(value.format)}`);
    const session = restore(engine, value, { verify: true });
    return { engine, options: session.options, log: session.log };
  }
  const optionsProblem = checkOptions(engine, value.options);
  if (optionsProblem !== null) throw new Error(`bad options: ${optionsProblem}`);
  const options = value.options as unknown as GameOptions;
  const logProblem = checkLogShape(value.log, options.players);
  if (logProblem !== null) throw new Error(`bad log: ${logProblem}`);
  return { engine, options, log: value.log as unknown[] };
}

/** Replays `input`, writing one line per action and then the outcome (or who is to act when it is unfinished). */
export function replayToOutput(input: ReplayInput, output: NodeJS.WritableStream): Session {
  const { engine, options, log } = input;
  const say = (text: string): void => {
    output.write(`${text}\n`);
  };
  say(
    `${engine.title} — ${options.players} players, variant ${options.variant ?? engine.variants[0]}, ` +
      `seed ${options.seed}, ${log.length} actions`,
  );
  const width = String(log.length).length;
  const session = replay(engine, options, log, (index, action, _session, shown, label) => {
    say(
      `${String(index + 1).padStart(width)}. seat ${action.player}: ${formatAction(shown)}${label ? `: ${label}` : ""}`,
    );
  });
  const outcome = session.outcome();
  if (outcome !== null) say(`game over\n${formatOutcome(outcome)}`);
  else {
    say(`game unfinished: seat(s) ${session.toAct().join(", ")} to act`);
    const abandoned = abandonReason(engine, session.state);
    if (abandoned !== null) say(`machine players give it up here: ${abandoned}`);
  }
  return session;
}

export function registerReplay(program: Command, context: CliContext = cliContext()): void {
  program
    .command("replay")
    .description(SUMMARIES.replay)
    .argument("<file>", "save or log file")
    .action((file: string) =>
      reportingErrors(context, async () => {
        const text = await readFile(file, "utf8").catch((error: unknown) => {
          throw new Error(`cannot read ${file}: ${messageOf(error)}`);
        });
        replayToOutput(await readReplayInput(text, (name) => context.loadEngine(name)), context.stdout);
      }),
    );
}
