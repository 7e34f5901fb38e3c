/**
 * Finding compiled games, and the plumbing the runtime-facing commands (play, simulate, replay) share.
 *
 * A game is compiled when `rulesets/<name>/generated/engine.ts` exists; that module exports the engine as `engine`
 * or as its default export. Games are discovered at run time, so a newly compiled game needs no registration.
 */
import { existsSync } from "node:fs";
import { access, constants, readdir, stat } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { agentNameProblem, type AnyEngine } from "@rules/runtime";
import { InvalidArgumentError } from "commander";
import { bundleEngineCached, engineCacheDir, type EngineBundle } from "./engine-bundles.ts";

/**
 * The repository root: the nearest folder above this module holding `nx.json` (this module runs from
 * `compiler/src/cli/` under tsx, and from `compiler/dist/` once built).
 */
export const REPO_ROOT = findRepoRoot(fileURLToPath(new URL(".", import.meta.url)));

function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "nx.json"))) return dir.endsWith(sep) ? dir : `${dir}${sep}`;
    if (dirname(dir) === dir) return start;
  }
}

/** Whether this module runs from its TypeScript sources (under tsx or Vitest), not from the built command. */
const FROM_SOURCE = import.meta.url.endsWith(".ts");

/**
 * A generated engine module and the runtime it imports, bundled by esbuild into one JavaScript module: what the
 * built command (`npx rules`) loads, in about a tenth of the time a TypeScript loader takes to compile the same files
 * (and what `simulate --workers` hands its workers, so that each starts in milliseconds). Kept from one run to the
 * next (`engine-bundles.ts`), and asked once per process.
 */
export function bundleEngine(path: string): Promise<EngineBundle> {
  let bundle = bundled.get(path);
  if (!bundle) bundled.set(path, (bundle = bundleEngineCached(path, engineCacheDir(REPO_ROOT))));
  return bundle;
}

const bundled = new Map<string, Promise<EngineBundle>>();

export interface CompiledGame {
  /** The ruleset folder's name, which is also the engine's `name`. */
  readonly name: string;
  /** Absolute path of the generated engine module. */
  readonly enginePath: string;
}

/** Every compiled game under `<root>/rulesets`, sorted by name. */
export async function findCompiledGames(root: string = REPO_ROOT): Promise<CompiledGame[]> {
  const rulesets = join(root, "rulesets");
  const folders = await readdir(rulesets, { withFileTypes: true }).catch(() => []);
  const games: CompiledGame[] = [];
  for (const folder of folders) {
    if (!folder.isDirectory()) continue;
    const enginePath = join(rulesets, folder.name, "generated", "engine.ts");
    if (await isFile(enginePath)) games.push({ name: folder.name, enginePath });
  }
  return games.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The engine of the compiled game `name`; the error says whether the game is unknown or just not compiled yet. */
export async function loadEngine(name: string, root: string = REPO_ROOT): Promise<AnyEngine> {
  const games = await findCompiledGames(root);
  const game = games.find((g) => g.name === name);
  if (game !== undefined) return loadEngineModule(game.enginePath, root);
  if (await isDirectory(join(root, "rulesets", name))) {
    throw new Error(`game "${name}" is not compiled yet (no rulesets/${name}/generated/engine.ts): run the compiler`);
  }
  const known = games.map((g) => g.name).join(", ") || "none compiled";
  throw new Error(`unknown game "${name}" (games: ${known})`);
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** The engines of every compiled game, sorted by name. */
export async function loadAllEngines(root: string = REPO_ROOT): Promise<AnyEngine[]> {
  const games = await findCompiledGames(root);
  const engines: AnyEngine[] = [];
  for (const game of games) engines.push(await loadEngineModule(game.enginePath, root));
  return engines;
}

/**
 * Imports a generated engine module and checks that what it exports is an engine. Built, the command bundles it
 * (`bundleEngine`), kept in the checkout's cache, or in `bundleDir` for an engine that lives only for a while (the
 * fuzzer's, written to a temporary folder).
 */
export async function loadEngineModule(path: string, root: string = REPO_ROOT, bundleDir?: string): Promise<AnyEngine> {
  const shown = relative(root, path);
  let loaded: unknown;
  try {
    // From the sources, TypeScript imports as it is; a bundle made for workers (`.mjs`) is plain JavaScript.
    loaded =
      FROM_SOURCE || path.endsWith(".mjs")
        ? await import(pathToFileURL(path).href)
        : await importBundle(bundleDir === undefined ? bundleEngine(path) : bundleEngineCached(path, bundleDir));
  } catch (error) {
    throw new Error(`cannot load ${shown}: ${messageOf(error)}`, { cause: error });
  }
  const exports = (typeof loaded === "object" && loaded !== null ? loaded : {}) as Record<string, unknown>;
  const candidate = exports.engine ?? exports.default;
  const problem = engineProblem(candidate);
  if (problem !== null) throw new Error(`${shown} does not export an engine (as \`engine\` or default): ${problem}`);
  return candidate as AnyEngine;
}

/** An engine's bundle imported: from the file it is kept in, else from memory. */
async function importBundle(bundling: Promise<EngineBundle>): Promise<unknown> {
  const { code, file } = await bundling;
  return import(
    file !== undefined
      ? pathToFileURL(file).href
      : `data:text/javascript;base64,${Buffer.from(code).toString("base64")}`
  );
}

const loadedOnce = new Map<string, Promise<AnyEngine>>();

/** `loadEngineModule`, each module loaded once per process (a worker loads the engine of every task it is given). */
export function loadEngineOnce(path: string): Promise<AnyEngine> {
  let loading = loadedOnce.get(path);
  if (!loading) loadedOnce.set(path, (loading = loadEngineModule(path)));
  return loading;
}

const ENGINE_FUNCTIONS = [
  "newGame",
  "toAct",
  "mayAct",
  "isOver",
  "legalActions",
  "check",
  "apply",
  "view",
  "outcome",
  "validateState",
] as const;

/** Null when `value` looks like an Engine (fields and methods present), else what is missing. */
export function engineProblem(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return "not an object";
  const record = value as Record<string, unknown>;
  for (const field of ["name", "title", "source", "sourceHash"]) {
    if (typeof record[field] !== "string") return `\`${field}\` is not a string`;
  }
  if (!Number.isInteger(record.minPlayers) || !Number.isInteger(record.maxPlayers)) {
    return "`minPlayers` and `maxPlayers` must be integers";
  }
  const variants = record.variants;
  if (!Array.isArray(variants) || variants.length === 0 || !variants.every((v) => typeof v === "string")) {
    return "`variants` must be a non-empty list of names";
  }
  for (const method of ENGINE_FUNCTIONS) {
    if (typeof record[method] !== "function") return `\`${method}\` is not a function`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Plumbing shared by the runtime-facing commands.

/** Everything a command touches outside itself, so tests can run commands against a fixture engine and buffers. */
export interface CliContext {
  readonly stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream & { readonly isTTY?: boolean };
  loadEngine(name: string): Promise<AnyEngine>;
  loadAllEngines(): Promise<AnyEngine[]>;
  /** Each game's engine module, by name: what a worker process loads (`simulate --workers`). */
  enginePaths(): Promise<ReadonlyMap<string, string>>;
  setExitCode(code: number): void;
}

/** The real context (process streams, the repository's rulesets), with any part replaced by `overrides`. */
export function cliContext(overrides: Partial<CliContext> = {}): CliContext {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    loadEngine: (name) => loadEngine(name),
    loadAllEngines: () => loadAllEngines(),
    enginePaths: async () => new Map((await findCompiledGames()).map((g) => [g.name, g.enginePath])),
    setExitCode: (code) => {
      process.exitCode = code;
    },
    ...overrides,
  };
}

/**
 * Runs a command's body; any failure becomes one line `error: <reason>` on stderr and exit code 1 — never a stack
 * trace (set RULES_DEBUG=1 to get one).
 */
export async function reportingErrors(context: CliContext, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    context.stderr.write(`error: ${messageOf(error)}\n`);
    if (process.env.RULES_DEBUG && error instanceof Error && error.stack) context.stderr.write(`${error.stack}\n`);
    context.setExitCode(1);
  }
}

/**
 * Refuses, with the reason, a file a command would write once its work is done (a report, a save): its folder
 * missing or not writable, or the path a folder. Checked before the work, so that none of it is lost.
 */
export async function checkWritableFile(path: string, what: string): Promise<void> {
  const folder = dirname(resolve(path));
  const refuse = (why: string): never => {
    throw new Error(`cannot write ${what} to ${path}: ${why}`);
  };
  await access(folder, constants.W_OK).catch(() => refuse(`the folder ${folder} does not exist or is not writable`));
  if ((await stat(path).catch(() => undefined))?.isDirectory()) refuse("it is a folder");
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Commander parser for integer options (`--games 200`); a bad value is reported by commander as an invalid argument. */
export function parseInteger(text: string): number {
  const value = Number(text);
  if (text.trim() === "" || !Number.isInteger(value)) throw new InvalidArgumentError("not an integer.");
  return value;
}

/** The values `--param NAME=VALUE` options gave, by name (a later one for the same name wins). */
export type ParamValues = Readonly<Record<string, number | boolean>>;

/**
 * Commander parser for a repeatable `--param NAME=VALUE` (a whole number, `true` or `false`); the engine checks the
 * name, type and range when the game starts.
 */
export function parseParam(text: string, previous: ParamValues = {}): ParamValues {
  const match = /^([A-Za-z_]\w*)=(.+)$/.exec(text.trim());
  if (!match) throw new InvalidArgumentError("write NAME=VALUE, as in GLORY_TARGET=15.");
  const [, name, raw] = match as unknown as [string, string, string];
  const value = raw === "true" ? true : raw === "false" ? false : Number(raw);
  if (typeof value === "number" && !Number.isInteger(value)) {
    throw new InvalidArgumentError(`${name}: give a whole number, true or false.`);
  }
  return { ...previous, [name]: value };
}

/** Commander parser for `--agents mcts:400,random`: the agents' names, each checked (see the runtime's `makeAgent`). */
export function parseAgents(text: string): string[] {
  const names = text.split(",").map((n) => n.trim());
  for (const name of names) {
    const problem = agentNameProblem(name);
    if (problem !== null) throw new InvalidArgumentError(`${problem}.`);
  }
  return names;
}

/** Commander parser for positive integer options. */
export function parsePositiveInteger(text: string): number {
  const value = parseInteger(text);
  if (value < 1) throw new InvalidArgumentError("must be at least 1.");
  return value;
}

/** Commander parser for integer options that may be 0. */
export function parseNonNegativeInteger(text: string): number {
  const value = parseInteger(text);
  if (value < 0) throw new InvalidArgumentError("must be at least 0.");
  return value;
}

/** Commander parser for a positive number of seconds (fractions allowed). */
export function parsePositiveSeconds(text: string): number {
  const value = Number(text);
  if (text.trim() === "" || !(value > 0)) throw new InvalidArgumentError("must be a number of seconds above 0.");
  return value;
}
