/**
 * Saving and restoring games as versioned JSON.
 *
 * A save holds both the log (how the game got here) and the state (where it is), so restoring is instant and a
 * save can still be audited by replaying its log (`verify`). The state is laid out as the engine that saved it lays
 * it out: a save made by another build of the same rules (`codeHash`) is restored by replaying its log. Restoring
 * refuses anything it cannot trust — another game, other rules, a corrupt file, a log another build cannot replay —
 * with a SaveError whose message says which.
 */
import { canonicalJson, fnv1a32 } from "./checksum.ts";
import type { Engine, EngineAction, GameOptions } from "./engine.ts";
import { ReplayError, replay } from "./replay.ts";
import { Session } from "./session.ts";
import { checkLogShape, checkOptions, isPlainObject } from "./validation.ts";

export const SAVE_FORMAT = "rules-save";
/** Version 2: the checksum covers the whole save (the log and the options too), not the state alone. */
export const SAVE_VERSION = 2;

export interface SaveFile<S = unknown, A extends EngineAction = EngineAction> {
  readonly format: typeof SAVE_FORMAT;
  readonly version: typeof SAVE_VERSION;
  /** `engine.name` of the game. */
  readonly game: string;
  /** `engine.sourceHash` of the rules the game was played under. */
  readonly sourceHash: string;
  /** `engine.codeHash` of the engine that saved it, when it has one. */
  readonly codeHash?: string;
  readonly options: GameOptions;
  readonly log: readonly A[];
  readonly state: S;
  /** FNV-1a 32 of the canonical JSON (sorted keys) of every other field of the save, as 8 hex digits. */
  readonly checksum: string;
}

/** The checksum of a save: of all it holds but the checksum itself, so that no field can change unnoticed. */
export function saveChecksum(save: object): string {
  const { checksum: _checksum, ...rest } = save as Readonly<Record<string, unknown>>;
  return fnv1a32(canonicalJson(rest));
}

export interface RestoreOptions {
  /** Also replay the log from the options and require that it reaches the saved state exactly. */
  readonly verify?: boolean;
}

/** A save the runtime will not restore; the message is the reason. */
export class SaveError extends Error {
  override readonly name = "SaveError";
}

/** The save of a session, as a plain object (copies: later play does not change it). */
export function createSave<S extends object, A extends EngineAction, V>(session: Session<S, A, V>): SaveFile<S, A> {
  const contents = {
    format: SAVE_FORMAT,
    version: SAVE_VERSION,
    game: session.engine.name,
    sourceHash: session.engine.sourceHash,
    ...(session.engine.codeHash === undefined ? {} : { codeHash: session.engine.codeHash }),
    options: session.options,
    log: structuredClone([...session.log]),
    state: session.snapshot(),
  } as const;
  return { ...contents, checksum: saveChecksum(contents) };
}

/** The save of a session as JSON text (indented, so a person can read it). */
export function saveToJson<S extends object, A extends EngineAction, V>(session: Session<S, A, V>): string {
  return `${JSON.stringify(createSave(session), null, 2)}\n`;
}

/**
 * The session a save describes. `input` is the save's JSON text, or the already parsed value.
 * Throws SaveError with the reason when the save cannot be trusted.
 */
export function restore<S extends object, A extends EngineAction, V>(
  engine: Engine<S, A, V>,
  input: unknown,
  options: RestoreOptions = {},
): Session<S, A, V> {
  const save = typeof input === "string" ? parseJson(input) : input;
  if (!isPlainObject(save)) throw new SaveError("a save must be a JSON object");

  if (save.format !== SAVE_FORMAT) {
    throw new SaveError(`not a save file: format is ${JSON.stringify(save.format)}, expected "${SAVE_FORMAT}"`);
  }
  if (save.version !== SAVE_VERSION) {
    const found =
      save.version === undefined
        ? "the save has no version"
        : `unsupported save version ${JSON.stringify(save.version)}`;
    throw new SaveError(`${found} (this runtime reads version ${SAVE_VERSION})`);
  }
  if (save.game !== engine.name) {
    throw new SaveError(`the save is for game ${JSON.stringify(save.game)}, not "${engine.name}"`);
  }
  if (save.sourceHash !== engine.sourceHash) {
    throw new SaveError(
      `the rules of "${engine.name}" changed since this game was saved ` +
        `(save has source hash ${JSON.stringify(save.sourceHash)}, engine has "${engine.sourceHash}")`,
    );
  }

  if (typeof save.checksum !== "string") throw new SaveError("the save has no checksum");
  const actualChecksum = saveChecksum(save);
  if (actualChecksum !== save.checksum) {
    throw new SaveError(
      `checksum mismatch: the save says ${save.checksum} but its contents hash to ${actualChecksum} (corrupt or edited)`,
    );
  }

  const optionsProblem = checkOptions(engine, save.options);
  if (optionsProblem !== null) throw new SaveError(`bad options: ${optionsProblem}`);
  const gameOptions = save.options as unknown as GameOptions;

  const logProblem = checkLogShape(save.log, gameOptions.players);
  if (logProblem !== null) throw new SaveError(`bad log: ${logProblem}`);
  const log = save.log as A[];

  if (!("state" in save)) throw new SaveError("the save has no state");
  if (engine.codeHash !== undefined && save.codeHash !== engine.codeHash)
    return replayedSave(engine, gameOptions, log, save.codeHash);
  const stateProblem = engine.validateState(save.state);
  if (stateProblem !== null) throw new SaveError(`invalid state: ${stateProblem}`);
  const state = save.state as S;

  if (options.verify === true) verifyLog(engine, gameOptions, log, state);
  return Session.resume(engine, gameOptions, state, log);
}

/**
 * The game of a save made by another build of the engine (or by none that said which), from its log: the same rules
 * play the same game, and the saved state, laid out by that build, is not read.
 */
function replayedSave<S extends object, A extends EngineAction, V>(
  engine: Engine<S, A, V>,
  options: GameOptions,
  log: readonly A[],
  savedBy: unknown,
): Session<S, A, V> {
  const build =
    typeof savedBy === "string" ? `engine code hash ${savedBy}` : "an engine that did not record its code hash";
  return replayOrRefuse(
    engine,
    options,
    log,
    `this game was saved by another build of "${engine.name}" (${build}, this one has ${engine.codeHash}) and its log does not replay here`,
  );
}

/** The session the save's log plays from its options, or a SaveError: `refusal`, then why the log does not replay. */
function replayOrRefuse<S extends object, A extends EngineAction, V>(
  engine: Engine<S, A, V>,
  options: GameOptions,
  log: readonly A[],
  refusal: string,
): Session<S, A, V> {
  try {
    return replay(engine, options, log);
  } catch (error) {
    if (error instanceof ReplayError || error instanceof RangeError) {
      throw new SaveError(`${refusal}: ${error.message}`);
    }
    throw error;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new SaveError(`the save is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Replays `log` from `options` and requires it to reach `state`. */
function verifyLog<S extends object, A extends EngineAction, V>(
  engine: Engine<S, A, V>,
  options: GameOptions,
  log: readonly A[],
  state: S,
): void {
  const replayed = replayOrRefuse(engine, options, log, "the log does not replay");
  if (canonicalJson(replayed.state) !== canonicalJson(state)) {
    throw new SaveError(`replaying the log (${log.length} actions) does not reach the saved state`);
  }
}
