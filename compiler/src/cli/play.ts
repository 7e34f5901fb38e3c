/**
 * `play <game>`: a game in the terminal. Human seats choose from their numbered legal actions; the other seats are
 * random agents. Each human is shown only their own view of the game, never the full state. A human who may
 * interrupt (a card played "at any moment") is offered it before every decision of another seat, and passes with an
 * empty line.
 */
import { writeFile } from "node:fs/promises";
import { createInterface, type Interface } from "node:readline";
import {
  AGENT_NAMES,
  RandomAgent,
  Session,
  agentSeed,
  gameSeed,
  namesOfAction,
  makeAgent,
  type Agent,
  formatView,
  abandonReason,
  abandonedOutcome,
  formatOutcome,
  formatShownAction,
  isSeat,
  lowestSeat,
  saveToJson,
  type AnyEngine,
  type EngineAction,
  type Seat,
} from "@rules/runtime";
import type { Command } from "commander";
import { SUMMARIES } from "./commands.ts";
import {
  checkWritableFile,
  cliContext,
  messageOf,
  parseAgents,
  parseInteger,
  parseParam,
  reportingErrors,
  type CliContext,
  type ParamValues,
} from "./registry.ts";

export interface PlaySettings {
  readonly players: number;
  readonly seed: number;
  readonly variant?: string;
  /** Values for the rules' params, over the variant's. */
  readonly params?: ParamValues;
  /** Seats typed in by people; every other seat plays at random, or as `agents` says. */
  readonly humans: readonly Seat[];
  /**
   * Who plays the seats no person plays (`random`, `greedy`, `mcts:200`...), in seat order, repeated when there are
   * fewer names than such seats. Default: random, drawing as a simulation does.
   */
  readonly agents?: readonly string[];
  /** Where to save the game when it ends or a human quits. */
  readonly savePath?: string;
}

export interface PlayStreams {
  readonly input: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  readonly output: NodeJS.WritableStream;
}

export interface PlayResult {
  readonly session: Session;
  /** True when a human quit (or the input ended) before the game was over. */
  readonly quit: boolean;
}

/**
 * Plays one game to its end (or until a human quits). Random seats draw from `agentSeed(seed)` — the same as game
 * `seed` in a simulation, so an all-random `play` shows exactly a simulated game.
 */
export async function playGame(engine: AnyEngine, settings: PlaySettings, streams: PlayStreams): Promise<PlayResult> {
  const { players, seed, variant, params, savePath } = settings;
  const session = Session.create(engine, {
    players,
    seed,
    ...(variant === undefined ? {} : { variant }),
    ...(params === undefined ? {} : { params }),
  });
  for (const seat of settings.humans) {
    if (!isSeat(seat, players)) {
      throw new RangeError(`human seat ${seat} is not a seat (seats are 0 to ${players - 1})`);
    }
  }
  const humans = new Set(settings.humans);
  const computers = Array.from({ length: players }, (_, seat) => seat).filter((seat) => !humans.has(seat));
  const names = new Map(computers.map((seat, i) => [seat, settings.agents?.[i % settings.agents.length] ?? "random"]));
  // Without `agents`, one random agent plays every computer seat, drawing as a simulation's random players do.
  const random = new RandomAgent(agentSeed(seed));
  const agents = new Map<Seat, Agent>(
    settings.agents === undefined
      ? []
      : computers.map((seat) => [seat, makeAgent(names.get(seat)!, gameSeed(agentSeed(seed), seat))]),
  );
  const agentOf = (seat: Seat): Agent => agents.get(seat) ?? random;
  const say = (text: string): void => {
    streams.output.write(`${text}\n`);
  };

  say(
    `${engine.title} — ${players} players, variant ${variant ?? engine.variants[0]}` +
      `${Object.entries(params ?? {})
        .map(([name, value]) => ` ${name}=${String(value)}`)
        .join("")}, seed ${seed}; ` +
      `human seats: ${humans.size === 0 ? "none" : [...humans].sort((a, b) => a - b).join(", ")}` +
      (settings.agents === undefined
        ? ""
        : `; ${computers.map((seat) => `seat ${seat}: ${names.get(seat)}`).join(", ")}`),
  );
  const prompter = humans.size > 0 ? new LinePrompter(streams) : null;
  let quit = false;
  // With nobody at the table, the machine players give the game up where the rules say (`abandon`).
  let abandoned: string | null = null;
  try {
    for (;;) {
      const seat = lowestSeat(session.toAct());
      if (seat === undefined) break;
      abandoned = humans.size === 0 ? abandonReason(engine, session.state) : null;
      if (abandoned !== null) break;
      const interrupted = await interrupts(session, seat, humans, agentOf, names, prompter, say);
      if (interrupted === "quit") {
        quit = true;
        break;
      }
      if (interrupted === "acted") continue;
      if (prompter !== null && humans.has(seat)) {
        if ((await humanTurn(session, seat, prompter, say)) === "quit") {
          quit = true;
          break;
        }
        continue;
      }
      const action = agentOf(seat).choose(engine, session.state, seat);
      // With people at the table, a random seat's action may carry a secret (a hidden pick): only say that it acted.
      const shown = humans.size === 0 ? `seat ${seat}: ${formatShownAction(engine, session.state, action)}` : null;
      session.apply(action);
      say(shown ?? `seat ${seat} (${names.get(seat) ?? "random"}) has acted`);
    }
  } finally {
    prompter?.close();
  }

  const outcome = session.outcome();
  if (quit) say(`game left unfinished after ${session.log.length} actions`);
  else if (abandoned !== null) {
    const given = abandonedOutcome(engine, session.state, abandoned);
    say(`game given up after ${session.log.length} actions\n${formatOutcome(given)}`);
  } else if (outcome !== null) say(`game over after ${session.log.length} actions\n${formatOutcome(outcome)}`);
  if (savePath !== undefined) say(await saveTo(savePath, session));
  return { session, quit };
}

/**
 * Offers the seats that may interrupt their chance, in ascending order, before `next` decides: random seats as a
 * RandomAgent would (see `takesInterrupt`), humans by asking them. The first seat that interrupts acts.
 */
async function interrupts(
  session: Session,
  next: Seat,
  humans: ReadonlySet<Seat>,
  agentOf: (seat: Seat) => Agent,
  names: ReadonlyMap<Seat, string>,
  prompter: LinePrompter | null,
  say: (text: string) => void,
): Promise<"acted" | "passed" | "quit"> {
  for (const seat of session.mayAct()) {
    if (prompter !== null && humans.has(seat)) {
      const answer = await humanTurn(session, seat, prompter, say, next);
      if (answer !== "passed") return answer;
      continue;
    }
    const action = agentOf(seat).interrupt?.(session.engine, session.state, seat) ?? null;
    if (action === null) continue;
    const shown = humans.size === 0 ? formatShownAction(session.engine, session.state, action) : null;
    session.apply(action);
    say(
      shown === null ? `seat ${seat} (${names.get(seat) ?? "random"}) interrupts` : `seat ${seat} interrupts: ${shown}`,
    );
    return "acted";
  }
  return "passed";
}

/**
 * Shows `seat` its view and legal actions, and reads its choice. With `before`, the seat is not asked anything but
 * may interrupt before seat `before` decides: an empty line passes.
 */
async function humanTurn(
  session: Session,
  seat: Seat,
  prompter: LinePrompter,
  say: (text: string) => void,
  before?: Seat,
): Promise<"acted" | "passed" | "quit"> {
  const legal = session.legalActions(seat);
  if (legal.length === 0) throw new Error(`seat ${seat} must act but has no legal action (engine bug)`);
  const heading =
    before === undefined ? "your turn" : `you may interrupt before seat ${before} decides (empty line: let it)`;
  const { engine, state } = session;
  const view = formatView(
    session.view(seat) as Record<string, unknown>,
    engine.viewShape,
    engine.boardView?.(state),
    engine.grids?.(state),
  );
  say(`\n=== seat ${seat}: ${heading} ===\n${view}\nyour options:`);
  legal.forEach((action, i) => say(`  ${i + 1}. ${formatShownAction(session.engine, session.state, action)}`));
  const pass = before === undefined ? "" : ", nothing to pass";
  const help = `type a number from 1 to ${legal.length}${pass}, "save <file>" or "quit"`;
  for (;;) {
    const line = await prompter.ask(`seat ${seat}> `);
    if (line === null) {
      say("\nend of input: quitting");
      return "quit";
    }
    const text = line.trim();
    if (text === "quit") return "quit";
    if (text === "" && before !== undefined) return "passed";
    if (text === "save" || text.startsWith("save ")) {
      say(await saveTo(text.slice("save".length).trim(), session));
      continue;
    }
    const named = /^\d+$/.test(text) ? [] : optionsNaming(text, legal, session);
    if (named.length > 1) {
      say(`${text} names ${named.length} options: type the number of one`);
      continue;
    }
    const choice = /^\d+$/.test(text) ? legal[Number(text) - 1] : named[0];
    if (choice === undefined) {
      say(help);
      continue;
    }
    const refusal = session.tryApply(choice);
    if (refusal === null) return "acted";
    say(`refused: ${refusal}`);
  }
}

/**
 * The options a typed word names: its kind (`rest`), or a value it holds as the player reads it (`havana`, `G01`, a
 * square or cell as `(0, -2)` or `0,-2`), compared without case or spaces.
 */
function optionsNaming(text: string, legal: readonly EngineAction[], session: Session): EngineAction[] {
  const plain = (word: string): string => word.toLowerCase().replace(/[\s()]/g, "");
  const wanted = plain(text);
  return legal.filter((action) => {
    const { hexes, cells, words } = namesOfAction(session.engine, session.state, action);
    return [action.type, ...words, ...hexes, ...cells].some((word) => plain(word) === wanted);
  });
}

/** Saves the game (a human's `save <file>`, or `--save` at the end); a failure is reported, not fatal: the game goes on. */
async function saveTo(file: string, session: Session): Promise<string> {
  if (file === "") return "usage: save <file>";
  try {
    await writeFile(file, saveToJson(session));
    return `saved to ${file}`;
  } catch (error) {
    return `cannot save: ${messageOf(error)}`;
  }
}

/** Reads answers line by line; lines typed or piped ahead of a question wait for it instead of being lost. */
class LinePrompter {
  readonly #readline: Interface;
  readonly #lines: AsyncIterator<string>;
  readonly #output: NodeJS.WritableStream;
  readonly #terminal: boolean;

  constructor(streams: PlayStreams) {
    this.#output = streams.output;
    this.#terminal = streams.input.isTTY === true;
    this.#readline = createInterface({ input: streams.input, output: streams.output, terminal: this.#terminal });
    this.#lines = this.#readline[Symbol.asyncIterator]();
  }

  /** The next line, or null when the input has ended. */
  async ask(prompt: string): Promise<string | null> {
    this.#readline.setPrompt(prompt);
    this.#readline.prompt();
    const next = await this.#lines.next();
    if (next.done === true) return null;
    // A terminal echoes what is typed; piped answers are echoed here so the transcript reads like a session.
    if (!this.#terminal) this.#output.write(`${next.value}\n`);
    return next.value;
  }

  close(): void {
    this.#readline.close();
  }
}

/** Parses `--humans`: comma-separated seat numbers, or `none` / empty for no human. */
export function parseHumans(text: string): Seat[] {
  const trimmed = text.trim();
  if (trimmed === "" || trimmed === "none") return [];
  const seats: Seat[] = [];
  for (const part of trimmed.split(",").map((p) => p.trim())) {
    if (!/^\d+$/.test(part)) throw new Error(`--humans: "${part}" is not a seat number`);
    if (!seats.includes(Number(part))) seats.push(Number(part));
  }
  return seats;
}

interface PlayFlags {
  readonly players?: number;
  readonly seed?: number;
  readonly variant?: string;
  readonly param?: ParamValues;
  readonly humans?: string;
  readonly agents?: string[];
  readonly save?: string;
}

export function registerPlay(program: Command, context: CliContext = cliContext()): void {
  program
    .command("play")
    .description(SUMMARIES.play)
    .argument("<game>", "name of a compiled game (a folder of rulesets/)")
    .option("--players <n>", "number of players (default: the game's minimum)", parseInteger)
    .option("--seed <n>", "random seed (default: taken from the clock and printed)", parseInteger)
    .option("--variant <name>", "rules variant (default: base)")
    .option(
      "--param <name=value>",
      "a value for one of the rules' params, e.g. GLORY_TARGET=15 (repeatable)",
      parseParam,
    )
    .option(
      "--humans <seats>",
      'human seats, comma-separated (e.g. 0,2), or "none" (default: seat 0 when stdin is a terminal, else none)',
    )
    .option(
      "--agents <names>",
      `who plays the other seats, comma-separated, repeated over them (${AGENT_NAMES}); default random`,
      parseAgents,
    )
    .option("--save <file>", "save the game to <file> when it ends or is quit")
    .action((game: string, flags: PlayFlags) =>
      reportingErrors(context, async () => {
        if (flags.save !== undefined) await checkWritableFile(flags.save, "the save");
        const engine = await context.loadEngine(game);
        const humans = flags.humans !== undefined ? parseHumans(flags.humans) : context.stdin.isTTY === true ? [0] : [];
        const settings: PlaySettings = {
          players: flags.players ?? engine.minPlayers,
          // No seed given: any will do, and it is printed so the game can be played again.
          seed: flags.seed ?? Date.now() % 0x7fffffff,
          humans,
          ...(flags.variant === undefined ? {} : { variant: flags.variant }),
          ...(flags.param === undefined ? {} : { params: flags.param }),
          ...(flags.save === undefined ? {} : { savePath: flags.save }),
          ...(flags.agents === undefined ? {} : { agents: flags.agents }),
        };
        await playGame(engine, settings, { input: context.stdin, output: context.stdout });
      }),
    );
}
