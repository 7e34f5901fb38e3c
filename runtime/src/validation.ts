/**
 * Shape checks for data that comes from outside (save files, logs, command lines), before an engine sees it.
 *
 * Each check returns null when the value is fine, else the reason it is not — the same convention as `engine.check`.
 */
import type { Engine, EngineAction, GameOptions, ParameterInfo } from "./engine.ts";
import { isSeat } from "./seats.ts";

/** The parts of an engine that say which options it accepts. */
export type EngineLimits = Pick<Engine, "minPlayers" | "maxPlayers" | "variants" | "parameters">;

const INT32_MIN = -0x80000000;
const UINT32_MAX = 0xffffffff;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Null when `value` is options this engine accepts, else what is wrong. */
export function checkOptions(engine: EngineLimits, value: unknown): string | null {
  if (!isPlainObject(value)) return "options must be an object";
  const { players, seed, variant } = value;
  if (
    !Number.isInteger(players) ||
    (players as number) < engine.minPlayers ||
    (players as number) > engine.maxPlayers
  ) {
    return `players must be an integer from ${engine.minPlayers} to ${engine.maxPlayers}, got ${JSON.stringify(players)}`;
  }
  // A seed is "any 32-bit integer": accept both the signed and the unsigned reading.
  if (!Number.isInteger(seed) || (seed as number) < INT32_MIN || (seed as number) > UINT32_MAX) {
    return `seed must be a 32-bit integer, got ${JSON.stringify(seed)}`;
  }
  if (variant !== undefined && (typeof variant !== "string" || !engine.variants.includes(variant))) {
    return `unknown variant ${JSON.stringify(variant)} (variants: ${engine.variants.join(", ")})`;
  }
  return value.params === undefined ? null : checkParams(engine.parameters ?? [], value.params);
}

/** Null when `value` gives known parameters values of their types and ranges, else what is wrong. */
export function checkParams(parameters: readonly ParameterInfo[], value: unknown): string | null {
  if (!isPlainObject(value)) return "params must be an object";
  for (const name of Object.keys(value)) {
    const info = parameters.find((p) => p.name === name);
    const given = JSON.stringify(value[name]);
    if (info === undefined) {
      const known = parameters.map((p) => p.name).join(", ");
      return `unknown parameter ${JSON.stringify(name)} (${known === "" ? "the rules have none" : `parameters: ${known}`})`;
    }
    if (info.type === "bool") {
      if (typeof value[name] !== "boolean") return `${name} must be true or false, got ${given}`;
      continue;
    }
    const n = value[name];
    if (typeof n !== "number" || !Number.isSafeInteger(n)) return `${name} must be a whole number, got ${given}`;
    if ((info.low !== undefined && n < info.low) || (info.high !== undefined && n > info.high)) {
      return `${name} must be from ${info.low ?? "any"} to ${info.high ?? "any"}, got ${given}`;
    }
  }
  return null;
}

/** A copy of valid options with only the known fields (and no `variant` key when it is omitted). */
export function normalizeOptions(options: GameOptions): GameOptions {
  const { players, seed, variant, params } = options;
  return {
    players,
    seed,
    ...(variant === undefined ? {} : { variant }),
    ...(params === undefined || Object.keys(params).length === 0 ? {} : { params: { ...params } }),
  };
}

/** Null when `value` has the shape every action has (string `type`, `player` a seat of this table). */
export function checkActionShape(value: unknown, players: number): string | null {
  if (!isPlainObject(value)) return "an action must be an object";
  if (typeof value.type !== "string" || value.type === "") return "an action needs a non-empty string `type`";
  if (!Number.isInteger(value.player)) return "an action needs an integer `player`";
  if (!isSeat(value.player, players)) {
    return `player ${String(value.player)} is not a seat at this ${players}-player table`;
  }
  return null;
}

/** True when `value` has the shape of an action at a table of `players`. */
export function isActionShaped(value: unknown, players: number): value is EngineAction {
  return checkActionShape(value, players) === null;
}

/** Null when `value` is an array of action-shaped objects, else the first problem with its index. */
export function checkLogShape(value: unknown, players: number): string | null {
  if (!Array.isArray(value)) return "the log must be an array of actions";
  for (let i = 0; i < value.length; i++) {
    const problem = checkActionShape(value[i], players);
    if (problem !== null) return `log[${i}]: ${problem}`;
  }
  return null;
}
